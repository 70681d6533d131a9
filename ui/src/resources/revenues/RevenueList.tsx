// The Receitas screen (spec §2): cards, 'Lista de Receitas' paged, sorted and filtered on the server,
// and the create/edit dialog; creating, editing and deleting are for editors only.
import { HistoryButton, useAuditReader } from '../../pages/audit/HistoryButton';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, CircularProgress, Chip, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DataTable, DateInput, DeleteWithConfirmButton, FilterButton, List, SearchInput, SelectInput, TopToolbar, useListContext, useNotify, useRefresh,
} from 'react-admin';
import { labelOf } from '../../lib/choices';
import { formatCurrency, formatDate } from '../../lib/format';
import { canEditData } from '../../providers/authProvider';
import { errorMessage } from '../../providers/httpClient';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { categoryChoices, statusChoices, type Revenue } from './choices';
import { RevenueCards } from './RevenueCards';
import { RevenueFormDialog } from './RevenueFormDialog';
import { RevenueStatusChip } from './RevenueStatusChip';

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar receitas" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} />,
  <SelectInput key="category" source="category" label="Categoria" choices={categoryChoices} />,
  <DateInput key="date_gte" source="date_gte" label="De" />,
  <DateInput key="date_lte" source="date_lte" label="Até" />,
];

const Actions = ({ editor, onCreate }: { editor: boolean; onCreate: () => void }) => (
  <TopToolbar>
    <FilterButton />
    {editor && <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>Nova Receita</Button>}
  </TopToolbar>
);

/** The table, or a spinner while the page loads (spec: spinner while loading). */
const RevenueTable = ({ editor, onEdit }: { editor: boolean; onEdit: (id: string) => void }) => {
  const auditReader = useAuditReader();
  const { isPending } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  if (isPending) {
    return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress aria-label="Carregando receitas" /></Box>;
  }
  return (
    <DataTable<Revenue> bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhuma receita encontrada</Box>}>
      <DataTable.Col source="description" label="Descrição" />
      <DataTable.Col source="category" label="Categoria" render={(r) => <Chip size="small" variant="outlined" label={labelOf(categoryChoices, r.category)} />} />
      <DataTable.Col source="date" label="Data" render={(r) => formatDate(r.date)} />
      <DataTable.Col source="amount" label="Valor" align="right" render={(r) => formatCurrency(r.amount)} />
      <DataTable.Col source="status" label="Status" render={(r) => <RevenueStatusChip status={r.status} />} />
      {auditReader && <DataTable.Col label="Histórico" disableSort render={(r) => <HistoryButton stream={`revenue-${r.id}`} label={r.description} />} />}
      {editor && (
        <DataTable.Col label="Ações" disableSort render={(r) => (
          <Stack direction="row" spacing={0.5}>
            <IconButton size="small" aria-label="Editar receita" onClick={() => onEdit(r.id)}><EditIcon fontSize="small" /></IconButton>
            <DeleteWithConfirmButton
              label="Excluir"
              redirect={false}
              confirmTitle="Excluir receita"
              confirmContent={`Excluir "${r.description}"? Esta ação não pode ser desfeita.`}
              mutationOptions={{
                onSuccess: () => { notify('Receita excluída', { type: 'success' }); refresh(); },
                onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
              }}
            />
          </Stack>
        )} />
      )}
    </DataTable>
  );
};

const RevenueList = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  return (
    <>
      <List
        resource="revenues"
        title="Receitas"
        component="div"
        sort={{ field: 'date', order: 'DESC' }}
        perPage={10}
        filters={filters}
        actions={<Actions editor={editor} onCreate={() => setEditing({})} />}
        empty={false}
      >
        <Box sx={{ mt: 1, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Receitas</Typography>
          <Typography variant="body2" color="text.secondary">Gerencie suas receitas organizacionais</Typography>
        </Box>
        <RevenueCards />
        <Card>
          <CardContent sx={{ pb: 0 }}>
            <Typography variant="h6" component="h2">Lista de Receitas</Typography>
          </CardContent>
          <RevenueTable editor={editor} onEdit={(id) => setEditing({ id })} />
        </Card>
      </List>
      {editor && <RevenueFormDialog open={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />}
    </>
  );
};

export default RevenueList;
