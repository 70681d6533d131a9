// The create/edit expense dialog: every field of the spec, recurrence only when ticked, and the receipt.
import { Grid } from '@mui/material';
import { BooleanInput, DateInput, FormDataConsumer, NumberInput, SelectInput, TextInput, minValue, required } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { MoneyInput } from '../../components/MoneyInput';
import { todayInSaoPaulo } from '../../lib/format';
import { useCategories } from '../categories/useCategories';
import { AttachmentInput } from './AttachmentInput';
import { expenseTypeChoices, periodChoices, statusChoices } from './choices';

const ExpenseFields = () => {
  const { choices, nameOf, categories } = useCategories();
  const slugs = new Set(categories.filter((c) => c.isActive).map((c) => c.slug));
  return (
    <Grid container columnSpacing={2}>
      <Grid size={12}>
        <TextInput source="description" label="Descrição" validate={required('Descrição é obrigatória')} fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <MoneyInput source="amount" label="Valor (R$)" required="Valor é obrigatório" />
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
  );
};

/** `id` given: edit that expense; otherwise create one. */
export const ExpenseFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog resource="expenses" open={open} id={id} onClose={onClose} maxWidth="md"
    title={id ? 'Editar Despesa' : 'Nova Despesa'} submitLabel={id ? 'Atualizar Despesa' : 'Criar Despesa'}
    record={{ status: 'approved', expenseType: 'variable', isRecurring: false, date: todayInSaoPaulo() }}
    saved={[id ? 'Despesa atualizada' : 'Despesa criada', { type: 'success' }]}>
    <ExpenseFields />
  </FormDialog>
);
