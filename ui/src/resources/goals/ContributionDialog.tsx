// 'Registrar Aporte': adds to a goal's current amount; the server completes the goal when it reaches the target.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Form, SaveButton, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { MoneyInput } from '../../components/MoneyInput';
import { formatCurrency } from '../../lib/format';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import type { Goal } from './choices';

export const ContributionDialog = ({ goal, onClose }: { goal: Goal | null; onClose: () => void }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const contribute = useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: string }) =>
      dataProvider.call<Goal>(`financial-goals/${id}/contributions`, { method: 'POST', body: { amount } }),
    onSuccess: (updated, { amount }) => {
      const reached = goal?.status === 'active' && updated.status === 'completed';
      notify(...toast(reached ? 'Meta atingida!' : 'Aporte registrado', `${formatCurrency(amount)} adicionados a "${updated.name}".`));
      refresh();
      onClose();
    },
    onError: (error) => notify(...toast('Erro ao registrar aporte', errorMessage(error, 'Ocorreu um erro. Tente novamente.'), 'error')),
  });
  return (
    <Dialog open={goal !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contribution-dialog-title">
      <DialogTitle id="contribution-dialog-title">Registrar Aporte{goal ? ` — ${goal.name}` : ''}</DialogTitle>
      {goal && (
        <Form onSubmit={(values: Record<string, unknown>) => contribute.mutate({ id: goal.id, amount: String(values.amount) })}>
          <DialogContent dividers>
            <MoneyInput source="amount" label="Valor do Aporte (R$)" required="Valor é obrigatório" autoFocus />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancelar</Button>
            <SaveButton label="Adicionar Aporte" alwaysEnable disabled={contribute.isPending} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};
