// 'Criar Nova Meta Financeira' (and editing a goal): name, target, deadline and category (spec §7).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { CreateBase, DateInput, EditBase, Form, NumberInput, SaveButton, SelectInput, TextInput, useNotify, useRefresh } from 'react-admin';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { categoryChoices } from './choices';

const FALLBACK = 'Ocorreu um erro. Tente novamente.';

// Spec §5: the goal form shows no required checks; the server's message comes back in the error toast.
const GoalFields = ({ submitLabel, onCancel, editing }: { submitLabel: string; onCancel: () => void; editing: boolean }) => (
  <Form>
    <DialogContent dividers>
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
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>Cancelar</Button>
      <SaveButton label={submitLabel} alwaysEnable />
    </DialogActions>
  </Form>
);

/** `id` given: edit that goal; otherwise create one (category Receita by default). */
export const GoalFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const succeeded = (title: string, description?: string) => () => {
    notify(...toast(title, description));
    refresh();
    onClose();
  };
  const failed = (title: string) => (error: unknown) => notify(...toast(title, errorMessage(error, FALLBACK), 'error'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="goal-dialog-title">
      <DialogTitle id="goal-dialog-title">{id ? 'Editar Meta Financeira' : 'Criar Nova Meta Financeira'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="goals" id={id} mutationMode="pessimistic" redirect={false}
          mutationOptions={{ onSuccess: succeeded('Meta atualizada'), onError: failed('Erro ao atualizar meta') }}>
          <GoalFields submitLabel="Atualizar Meta" onCancel={onClose} editing />
        </EditBase>
      ) : (
        <CreateBase resource="goals" redirect={false} record={{ category: 'revenue' }}
          mutationOptions={{ onSuccess: succeeded('Meta criada', 'Nova meta financeira adicionada com sucesso.'), onError: failed('Erro ao criar meta') }}>
          <GoalFields submitLabel="Criar Meta" onCancel={onClose} editing={false} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
