// The Orçamento screen at /budget: totals cards, progress per category (paged, sorted and filtered on
// the server) and the 'Criar Novo Orçamento' dialog for editors.
import AddIcon from '@mui/icons-material/Add';
import { Button, Card, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { FilterButton, List, SelectInput, TopToolbar, useListContext } from 'react-admin';
import { canEditData } from '../../providers/authProvider';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { BudgetCards } from './BudgetCards';
import { BudgetFormDialog } from './BudgetFormDialog';
import { BudgetProgressList } from './BudgetProgressList';
import { budgetCategoryChoices, budgetPeriodChoices, healthChoices } from './choices';

const sorts = [
  { id: 'category:ASC', name: 'Categoria' },
  { id: 'percentage:DESC', name: 'Maior uso' },
  { id: 'spentAmount:DESC', name: 'Maior gasto' },
  { id: 'budgetAmount:DESC', name: 'Maior orçamento' },
];

const SortSelect = () => {
  const { sort, setSort } = useListContext();
  return (
    <TextField select size="small" label="Ordenar por" value={`${sort.field}:${sort.order}`} sx={{ width: 180 }}
      onChange={(event) => {
        const [field, order] = event.target.value.split(':');
        setSort({ field, order: order as 'ASC' | 'DESC' });
      }}>
      {sorts.map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
    </TextField>
  );
};

const filters = [
  <SelectInput key="category" source="category" label="Categoria" choices={budgetCategoryChoices} />,
  <SelectInput key="period" source="period" label="Período" choices={budgetPeriodChoices} />,
  <SelectInput key="health" source="health" label="Situação" choices={healthChoices} />,
];

const BudgetPage = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  return (
    <>
      <List
        resource="budgets"
        title="Orçamento"
        component="div"
        sort={{ field: 'category', order: 'ASC' }}
        perPage={10}
        filters={filters}
        empty={false}
        actions={
          <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <SortSelect />
            <FilterButton />
            {editor && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({})}>Novo Orçamento</Button>}
          </TopToolbar>
        }
      >
        <BudgetCards />
        <Card>
          <BudgetProgressList editor={editor} onEdit={(id) => setEditing({ id })} onCreate={() => setEditing({})} />
        </Card>
      </List>
      <BudgetFormDialog open={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
    </>
  );
};

export default BudgetPage;
