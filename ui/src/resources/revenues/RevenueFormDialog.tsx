// The revenue dialog: 'Nova Receita' / 'Editar Receita', submitting 'Criar Receita' / 'Atualizar Receita'.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid } from '@mui/material';
import { CreateBase, DateInput, EditBase, Form, NumberInput, SaveButton, SelectInput, TextInput, required, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { categoryChoices, statusChoices } from './choices';

const todayInSaoPaulo = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

const RevenueFields = ({ submitLabel, onCancel }: { submitLabel: string; onCancel: () => void }) => (
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
          <SelectInput source="category" label="Categoria" choices={categoryChoices} validate={required()} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="status" label="Status" choices={statusChoices} validate={required()} fullWidth />
        </Grid>
      </Grid>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>Cancelar</Button>
      <SaveButton label={submitLabel} alwaysEnable />
    </DialogActions>
  </Form>
);

/** `id` given: edit that revenue; otherwise create one (pending by default, spec §3). */
export const RevenueFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const mutationOptions = {
    onSuccess: () => {
      notify(id ? 'Receita atualizada' : 'Receita criada', { type: 'success' });
      refresh();
      onClose();
    },
    onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="revenue-dialog-title">
      <DialogTitle id="revenue-dialog-title">{id ? 'Editar Receita' : 'Nova Receita'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="revenues" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={mutationOptions}>
          <RevenueFields submitLabel="Atualizar Receita" onCancel={onClose} />
        </EditBase>
      ) : (
        <CreateBase resource="revenues" redirect={false} record={{ category: 'services', status: 'pending', date: todayInSaoPaulo() }} mutationOptions={mutationOptions}>
          <RevenueFields submitLabel="Criar Receita" onCancel={onClose} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
