// 'Novo Investimento' (and editing one): the spec's form schema with its messages (§5), step 0.01 inputs.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { CreateBase, DateInput, EditBase, Form, NumberInput, SaveButton, SelectInput, TextInput, required, useNotify, useRefresh } from 'react-admin';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { riskChoices, typeChoices } from './choices';

const InvestmentFields = ({ submitLabel, onCancel }: { submitLabel: string; onCancel: () => void }) => (
  <Form>
    <DialogContent dividers>
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <TextInput source="name" label="Nome" validate={required('Nome é obrigatório')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="type" label="Tipo" choices={typeChoices} validate={required('Tipo é obrigatório')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberInput source="amount" label="Valor (R$)" step={0.01} min={0.01} validate={required('Valor é obrigatório')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <NumberInput source="expectedReturn" label="Rentabilidade Esperada (%)" step={0.01} min={0}
            validate={required('Rentabilidade esperada é obrigatória')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput source="duration" label="Duração" placeholder="12 meses" validate={required('Duração é obrigatória')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="risk" label="Nível de Risco" choices={riskChoices} validate={required('Nível de risco é obrigatório')} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateInput source="maturityDate" label="Data de Vencimento" fullWidth />
        </Grid>
        <Grid size={12}>
          <TextInput source="description" label="Descrição" multiline minRows={2} fullWidth />
        </Grid>
      </Grid>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>Cancelar</Button>
      <SaveButton label={submitLabel} alwaysEnable />
    </DialogActions>
  </Form>
);

/** `id` given: edit that investment; otherwise create one. */
export const InvestmentFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const succeeded = (title: string) => () => {
    notify(...toast(title));
    refresh();
    onClose();
  };
  const failed = (title: string) => (error: unknown) => notify(...toast(title, errorMessage(error), 'error'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="investment-dialog-title">
      <DialogTitle id="investment-dialog-title">{id ? 'Editar Investimento' : 'Novo Investimento'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="investments" id={id} mutationMode="pessimistic" redirect={false}
          mutationOptions={{ onSuccess: succeeded('Investimento atualizado'), onError: failed('Erro ao atualizar investimento') }}>
          <InvestmentFields submitLabel="Atualizar Investimento" onCancel={onClose} />
        </EditBase>
      ) : (
        <CreateBase resource="investments" redirect={false}
          mutationOptions={{ onSuccess: succeeded('Investimento criado'), onError: failed('Erro ao criar investimento') }}>
          <InvestmentFields submitLabel="Criar Investimento" onCancel={onClose} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
