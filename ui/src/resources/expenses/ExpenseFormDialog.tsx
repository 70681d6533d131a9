// The create/edit expense dialog: every field of the spec, recurrence only when ticked, and the receipt.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import {
  BooleanInput, CreateBase, DateInput, EditBase, Form, FormDataConsumer, NumberInput, SaveButton, SelectInput, TextInput,
  minValue, required, useNotify, useRefresh, type RaRecord,
} from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { useCategories } from '../categories/useCategories';
import { AttachmentInput } from './AttachmentInput';
import { expenseTypeChoices, periodChoices, statusChoices } from './choices';

const todayInSaoPaulo = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

const ExpenseFields = ({ submitLabel, onCancel }: { submitLabel: string; onCancel: () => void }) => {
  const { choices, nameOf, categories } = useCategories();
  const slugs = new Set(categories.filter((c) => c.isActive).map((c) => c.slug));
  return (
    <Form>
      <DialogContent dividers>
        <Grid container columnSpacing={2}>
          <Grid size={12}>
            <TextInput source="description" label="Descrição" validate={required('Descrição é obrigatória')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <NumberInput source="amount" label="Valor (R$)" step={0.01} min={0.01} validate={required('Valor é obrigatório')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateInput source="date" label="Data" validate={required('Data é obrigatória')} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormDataConsumer>
              {({ formData }) => (
                <SelectInput source="category" label="Categoria" choices={choices(formData.category)} validate={required('Categoria é obrigatória')} fullWidth />
              )}
            </FormDataConsumer>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput source="status" label="Status" choices={statusChoices} validate={required()} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput source="expenseType" label="Tipo" choices={expenseTypeChoices} validate={required()} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <BooleanInput source="isRecurring" label="Despesa recorrente" />
          </Grid>
          <FormDataConsumer>
            {({ formData }) => formData.isRecurring && (
              <>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <SelectInput source="recurringPeriod" label="Período" choices={periodChoices} validate={required('Informe o período da recorrência')} fullWidth />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <NumberInput source="recurringDuration" label="Duração (períodos)" step={1} min={1}
                    validate={minValue(1, 'A duração deve ser de pelo menos 1 período')} helperText="Em branco: indefinida" fullWidth />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <DateInput source="recurringEndDate" label="Data final" helperText="Substitui a duração" fullWidth />
                </Grid>
              </>
            )}
          </FormDataConsumer>
          <Grid size={12}>
            <AttachmentInput categoryName={nameOf} isCategory={(slug) => slugs.has(slug)} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancelar</Button>
        <SaveButton label={submitLabel} alwaysEnable />
      </DialogActions>
    </Form>
  );
};

/** `id` given: edit that expense; otherwise create one. */
export const ExpenseFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const mutationOptions = {
    onSuccess: () => {
      notify(id ? 'Despesa atualizada' : 'Despesa criada', { type: 'success' });
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
  };
  const defaults: Partial<RaRecord> = { status: 'approved', expenseType: 'variable', isRecurring: false, date: todayInSaoPaulo() };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="expense-dialog-title">
      <DialogTitle id="expense-dialog-title">{id ? 'Editar Despesa' : 'Nova Despesa'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="expenses" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={mutationOptions}>
          <ExpenseFields submitLabel="Atualizar Despesa" onCancel={onClose} />
        </EditBase>
      ) : (
        <CreateBase resource="expenses" redirect={false} record={defaults} mutationOptions={mutationOptions}>
          <ExpenseFields submitLabel="Criar Despesa" onCancel={onClose} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
