// 'Novo Investimento' (and editing one): the spec's form schema with its messages (§5), step 0.01 inputs.
import { Grid } from '@mui/material';
import { DateInput, NumberInput, SelectInput, TextInput, required } from 'react-admin';
import { MoneyInput } from '../../components/MoneyInput';
import { FormDialog } from '../../components/FormDialog';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { riskChoices, typeChoices } from './choices';

const InvestmentFields = () => (
  <Grid container columnSpacing={2}>
    <Grid size={12}>
      <TextInput source="name" label="Nome" validate={required('Nome é obrigatório')} fullWidth />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <SelectInput source="type" label="Tipo" choices={typeChoices} validate={required('Tipo é obrigatório')} fullWidth />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <MoneyInput source="amount" label="Valor (R$)" required="Valor é obrigatório" />
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
);

/** `id` given: edit that investment; otherwise create one. */
export const InvestmentFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog resource="investments" open={open} id={id} onClose={onClose}
    title={id ? 'Editar Investimento' : 'Novo Investimento'} submitLabel={id ? 'Atualizar Investimento' : 'Criar Investimento'}
    saved={toast(id ? 'Investimento atualizado' : 'Investimento criado')}
    failed={(error) => toast(id ? 'Erro ao atualizar investimento' : 'Erro ao criar investimento', errorMessage(error), 'error')}>
    <InvestmentFields />
  </FormDialog>
);
