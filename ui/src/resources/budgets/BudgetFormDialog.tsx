// 'Criar Novo Orçamento' (and editing): category from the spec's nine, amount, period (monthly by default).
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { CreateBase, EditBase, Form, NumberInput, SaveButton, SelectInput, required, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { budgetCategoryChoices, budgetPeriodChoices } from './choices';

const BudgetFields = ({ submitLabel, onCancel }: { submitLabel: string; onCancel: () => void }) => (
  <Form>
    <DialogContent dividers>
      <SelectInput source="category" label="Categoria" choices={budgetCategoryChoices} validate={required('Categoria é obrigatória')} fullWidth />
      <NumberInput source="budgetAmount" label="Valor do Orçamento (R$)" step={0.01} min={0.01} validate={required('Valor do orçamento é obrigatório')} fullWidth />
      <SelectInput source="period" label="Período" choices={budgetPeriodChoices} validate={required()} fullWidth />
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>Cancelar</Button>
      <SaveButton label={submitLabel} alwaysEnable />
    </DialogActions>
  </Form>
);

const errorToast = (title: string, error: unknown) => (
  <Box>
    <Typography variant="subtitle2">{title}</Typography>
    <Typography variant="body2">{errorMessage(error, 'Ocorreu um erro. Tente novamente.')}</Typography>
  </Box>
);

/** `id` given: edit that budget; otherwise create one. */
export const BudgetFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const done = (message: string) => () => {
    notify(message, { type: 'success' });
    refresh();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="budget-dialog-title">
      <DialogTitle id="budget-dialog-title">{id ? 'Editar Orçamento' : 'Criar Novo Orçamento'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="budgets" id={id} mutationMode="pessimistic" redirect={false}
          mutationOptions={{ onSuccess: done('Orçamento atualizado'), onError: (error: unknown) => notify(errorToast('Erro ao atualizar orçamento', error), { type: 'error' }) }}>
          <BudgetFields submitLabel="Salvar Orçamento" onCancel={onClose} />
        </EditBase>
      ) : (
        <CreateBase resource="budgets" redirect={false} record={{ period: 'monthly' }}
          mutationOptions={{ onSuccess: done('Orçamento criado'), onError: (error: unknown) => notify(errorToast('Erro ao criar orçamento', error), { type: 'error' }) }}>
          <BudgetFields submitLabel="Criar Orçamento" onCancel={onClose} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
