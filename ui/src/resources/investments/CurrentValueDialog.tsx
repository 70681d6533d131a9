// 'Atualizar Valor Atual': records what an investment is worth on a date (today by default, São Paulo).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { DateInput, Form, SaveButton, required, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { MoneyInput } from '../../components/MoneyInput';
import { todayInSaoPaulo } from '../../lib/format';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import type { Investment } from './choices';

export const CurrentValueDialog = ({ investment, onClose }: { investment: Investment | null; onClose: () => void }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: ({ id, currentValue, asOf }: { id: string; currentValue: string; asOf: string }) =>
      dataProvider.call<Investment>(`investments/${id}/current-value`, { method: 'PUT', body: { currentValue, asOf } }),
    onSuccess: () => {
      notify(...toast('Valor atualizado'));
      refresh();
      onClose();
    },
    onError: (error) => notify(...toast('Erro ao atualizar valor', errorMessage(error), 'error')),
  });
  return (
    <Dialog open={investment !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="value-dialog-title">
      <DialogTitle id="value-dialog-title">Atualizar Valor Atual{investment ? ` — ${investment.name}` : ''}</DialogTitle>
      {investment && (
        <Form
          record={{ currentValue: investment.currentValue ?? investment.amount, asOf: todayInSaoPaulo() }}
          onSubmit={(values: Record<string, unknown>) => save.mutate({ id: investment.id, currentValue: String(values.currentValue), asOf: String(values.asOf) })}
        >
          <DialogContent dividers>
            <MoneyInput source="currentValue" label="Valor Atual (R$)" required="Valor atual é obrigatório" minCentavos={0} />
            <DateInput source="asOf" label="Data da cotação" validate={required('Data é obrigatória')} fullWidth />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancelar</Button>
            <SaveButton label="Salvar" alwaysEnable disabled={save.isPending} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};
