// The Metas Financeiras screen (spec §2): cards, a grid of goals paged, sorted and filtered on the
// server, 3 skeletons while loading, the empty state, and the create dialog for editors.
import AddIcon from '@mui/icons-material/Add';
import FlagIcon from '@mui/icons-material/Flag';
import { Box, Button, Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { FilterButton, List, Pagination, SearchInput, SelectInput, SortButton, TopToolbar, useListContext } from 'react-admin';
import { canEditData } from '../../providers/authProvider';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { categoryChoices, statusChoices, type Goal } from './choices';
import { ContributionDialog } from './ContributionDialog';
import { GoalCard } from './GoalCard';
import { GoalCards } from './GoalCards';
import { GoalFormDialog } from './GoalFormDialog';

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar metas" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} />,
  <SelectInput key="category" source="category" label="Categoria" choices={categoryChoices} />,
];

const Actions = ({ editor, onCreate }: { editor: boolean; onCreate: () => void }) => (
  <TopToolbar>
    <SortButton fields={['createdAt', 'name', 'progress', 'targetAmount', 'targetDate']} />
    <FilterButton />
    {editor && <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>Nova Meta</Button>}
  </TopToolbar>
);

const GoalGrid = ({ editor, onCreate, onEdit, onContribute }: { editor: boolean; onCreate: () => void; onEdit: (id: string) => void; onContribute: (goal: Goal) => void }) => {
  const { data, isPending } = useListContext<Goal>();
  if (isPending) {
    return (
      <Grid container spacing={2}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}><Skeleton variant="rounded" height={220} data-testid="goal-skeleton" /></Grid>
        ))}
      </Grid>
    );
  }
  if (!data || data.length === 0) {
    return (
      <Card variant="outlined">
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <FlagIcon color="disabled" sx={{ fontSize: 48 }} />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>Nenhuma meta definida</Typography>
          {editor && <Button variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }} onClick={onCreate}>Criar Primeira Meta</Button>}
        </CardContent>
      </Card>
    );
  }
  return (
    <Grid container spacing={2}>
      {data.map((goal) => (
        <Grid key={goal.id} size={{ xs: 12, md: 6, lg: 4 }}>
          <GoalCard goal={goal} editor={editor} onEdit={() => onEdit(goal.id)} onContribute={() => onContribute(goal)} />
        </Grid>
      ))}
    </Grid>
  );
};

const GoalList = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [contributing, setContributing] = useState<Goal | null>(null);
  return (
    <>
      <List
        resource="goals"
        title="Metas Financeiras"
        component="div"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={12}
        pagination={<Pagination rowsPerPageOptions={[6, 12, 24, 48]} />}
        filters={filters}
        actions={<Actions editor={editor} onCreate={() => setEditing({})} />}
        empty={false}
      >
        <Box sx={{ mt: 1, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Metas Financeiras</Typography>
        </Box>
        <GoalCards />
        <GoalGrid editor={editor} onCreate={() => setEditing({})} onEdit={(id) => setEditing({ id })} onContribute={setContributing} />
      </List>
      {editor && <GoalFormDialog open={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />}
      {editor && <ContributionDialog goal={contributing} onClose={() => setContributing(null)} />}
    </>
  );
};

export default GoalList;
