// 'Criar Nova Meta Financeira' (and editing a goal): name, target, deadline and category (spec §7).
import { Grid } from '@mui/material';
import { DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { categoryChoices } from './choices';

const FALLBACK = 'Ocorreu um erro. Tente novamente.';

// Spec §5: the goal form shows no required checks; the server's message comes back in the error toast.
const GoalFields = ({ editing }: { editing: boolean }) => (
  <Grid container columnSpacing={2}>
    <Grid size={12}>
      <TextInput source="name" label="Nome da Meta" fullWidth />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <NumberInput source="targetAmount" label="Valor da Meta (R$)" step={0.01} min={0} fullWidth />
    </Grid>
    {editing && (
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberInput source="currentAmount" label="Valor Atual (R$)" step={0.01} min={0} fullWidth />
      </Grid>
    )}
    <Grid size={{ xs: 12, sm: 6 }}>
      <DateInput source="targetDate" label="Prazo" fullWidth />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <SelectInput source="category" label="Categoria" choices={categoryChoices} fullWidth />
    </Grid>
  </Grid>
);

/** `id` given: edit that goal; otherwise create one (category Receita by default). */
export const GoalFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog resource="goals" open={open} id={id} onClose={onClose}
    title={id ? 'Editar Meta Financeira' : 'Criar Nova Meta Financeira'} submitLabel={id ? 'Atualizar Meta' : 'Criar Meta'}
    record={{ category: 'revenue' }}
    saved={id ? toast('Meta atualizada') : toast('Meta criada', 'Nova meta financeira adicionada com sucesso.')}
    failed={(error) => toast(id ? 'Erro ao atualizar meta' : 'Erro ao criar meta', errorMessage(error, FALLBACK), 'error')}>
    <GoalFields editing={Boolean(id)} />
  </FormDialog>
);
