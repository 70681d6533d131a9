// 'Criar Nova Meta Financeira' (and editing a goal): name, target, deadline and category (spec §7).
import { Grid } from '@mui/material';
import { DateInput, SelectInput, TextInput, maxLength, required, type RaRecord } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { MoneyInput } from '../../components/MoneyInput';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { categoryChoices } from './choices';

const FALLBACK = 'Ocorreu um erro. Tente novamente.';

const validateName = [required('Nome da meta é obrigatório'), maxLength(120, 'O nome deve ter no máximo 120 caracteres')];
const validateCategory = required('Categoria é obrigatória');

// Checked here, in pt-BR, before the server sees it; the server checks the same and its message
// comes back in the error toast.
const GoalFields = () => (
  <Grid container columnSpacing={2}>
    <Grid size={12}>
      <TextInput source="name" label="Nome da Meta" validate={validateName} fullWidth />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <MoneyInput source="targetAmount" label="Valor da Meta (R$)" required="Valor da meta é obrigatório" />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <DateInput source="targetDate" label="Prazo" fullWidth />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <SelectInput source="category" label="Categoria" choices={categoryChoices} validate={validateCategory} fullWidth />
    </Grid>
  </Grid>
);

/**
 * What the form may change. The current amount moves only through 'Registrar aporte' (and the
 * server keeps it): sending the loaded value back could overwrite a contribution made meanwhile.
 */
const goalChanges = ({ name, targetAmount, targetDate, category }: RaRecord): Partial<RaRecord> =>
  ({ name, targetAmount, targetDate: targetDate || null, category });

/** `id` given: edit that goal; otherwise create one (category Receita by default). */
export const GoalFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog resource="goals" open={open} id={id} onClose={onClose}
    title={id ? 'Editar Meta Financeira' : 'Criar Nova Meta Financeira'} submitLabel={id ? 'Atualizar Meta' : 'Criar Meta'}
    record={{ category: 'revenue' }}
    transform={goalChanges}
    saved={id ? toast('Meta atualizada') : toast('Meta criada', 'Nova meta financeira adicionada com sucesso.')}
    failed={(error) => toast(id ? 'Erro ao atualizar meta' : 'Erro ao criar meta', errorMessage(error, FALLBACK), 'error')}>
    <GoalFields />
  </FormDialog>
);
