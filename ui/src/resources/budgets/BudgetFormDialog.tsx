// 'Criar Novo Orçamento' (and editing): category from the spec's nine, amount, period (monthly by default).
import { SelectInput, required } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { MoneyInput } from '../../components/MoneyInput';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { budgetCategoryChoices, budgetPeriodChoices } from './choices';

/** `id` given: edit that budget; otherwise create one. */
export const BudgetFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog resource="budgets" open={open} id={id} onClose={onClose} maxWidth="xs"
    title={id ? 'Editar Orçamento' : 'Criar Novo Orçamento'} submitLabel={id ? 'Salvar Orçamento' : 'Criar Orçamento'}
    record={{ period: 'monthly' }}
    saved={[id ? 'Orçamento atualizado' : 'Orçamento criado', { type: 'success' }]}
    failed={(error) => toast(id ? 'Erro ao atualizar orçamento' : 'Erro ao criar orçamento', errorMessage(error, 'Ocorreu um erro. Tente novamente.'), 'error')}>
    <SelectInput source="category" label="Categoria" choices={budgetCategoryChoices} validate={required('Categoria é obrigatória')} fullWidth />
    <MoneyInput source="budgetAmount" label="Valor do Orçamento (R$)" required="Valor do orçamento é obrigatório" />
    <SelectInput source="period" label="Período" choices={budgetPeriodChoices} validate={required()} fullWidth />
  </FormDialog>
);
