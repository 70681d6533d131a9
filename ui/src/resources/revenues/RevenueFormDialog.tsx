// The revenue dialog: 'Nova Receita' / 'Editar Receita', submitting 'Criar Receita' / 'Atualizar Receita'.
import { Grid } from '@mui/material';
import { DateInput, SelectInput, TextInput, required } from 'react-admin';
import { MoneyInput } from '../../components/MoneyInput';
import { FormDialog } from '../../components/FormDialog';
import { todayInSaoPaulo } from '../../lib/format';
import { categoryChoices, statusChoices } from './choices';

const RevenueFields = () => (
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
      <SelectInput source="category" label="Categoria" choices={categoryChoices} validate={required()} fullWidth />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <SelectInput source="status" label="Status" choices={statusChoices} validate={required()} fullWidth />
    </Grid>
  </Grid>
);

/** `id` given: edit that revenue; otherwise create one (pending by default, spec §3). */
export const RevenueFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog resource="revenues" open={open} id={id} onClose={onClose}
    title={id ? 'Editar Receita' : 'Nova Receita'} submitLabel={id ? 'Atualizar Receita' : 'Criar Receita'}
    record={{ category: 'services', status: 'pending', date: todayInSaoPaulo() }}
    saved={[id ? 'Receita atualizada' : 'Receita criada', { type: 'success' }]}>
    <RevenueFields />
  </FormDialog>
);
