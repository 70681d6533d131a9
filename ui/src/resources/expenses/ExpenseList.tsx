// The Despesas screen (spec §2): cards, the server-paged table with filters, the create/edit dialog,
// the attachment viewer and the category manager; writing is for editors only.
import { HistoryButton, useAuditReader } from '../../pages/audit/HistoryButton';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CategoryIcon from '@mui/icons-material/Category';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PieChartIcon from '@mui/icons-material/PieChart';
import { Box, Button, Card, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import {
  DataTable, DateInput, DeleteWithConfirmButton, FilterButton, List, SearchInput, SelectInput, TopToolbar, useNotify, useRefresh,
} from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { labelOf } from '../../lib/choices';
import { formatCurrency, formatDate } from '../../lib/format';
import { canEditData } from '../../providers/authProvider';
import { errorMessage } from '../../providers/httpClient';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { CategoryManagerDialog } from '../categories/CategoryManagerDialog';
import { MANAGE_CATEGORIES } from '../categories/manage';
import { useCategories } from '../categories/useCategories';
import { AttachmentViewerDialog, type ViewedAttachment } from './AttachmentViewerDialog';
import { expenseTypeChoices, periodChoices, statusChoices, type Expense } from './choices';
import { ExpenseCards } from './ExpenseCards';
import { ExpenseFormDialog } from './ExpenseFormDialog';
import { StatusChip } from './StatusChip';

const Actions = ({ editor, onCreate, onManage }: { editor: boolean; onCreate: () => void; onManage: () => void }) => (
  <TopToolbar>
    <FilterButton />
    <Button component={Link} to="/budget" startIcon={<PieChartIcon />}>Orçamento</Button>
    {editor && <Button startIcon={<CategoryIcon />} onClick={onManage}>Categorias</Button>}
    {editor && <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>Nova Despesa</Button>}
  </TopToolbar>
);

const recurrenceOf = (e: Expense) => {
  if (!e.isRecurring) return '—';
  const period = labelOf(periodChoices, e.recurringPeriod);
  if (e.recurringEndDate) return `${period} até ${formatDate(e.recurringEndDate)}`;
  return e.recurringDuration ? `${period} (${e.recurringDuration}x)` : period;
};

const ExpenseList = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  const auditReader = useAuditReader();
  const { choices, nameOf, colorOf } = useCategories();
  const notify = useNotify();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [viewing, setViewing] = useState<ViewedAttachment | null>(null);
  // /categories sends editors here with the category manager open (categories/index.tsx).
  const location = useLocation();
  const navigate = useNavigate();
  const [managing, setManaging] = useState(location.state === MANAGE_CATEGORIES);
  const stopManaging = () => {
    setManaging(false);
    // A reload after closing the manager does not open it again.
    if (location.state === MANAGE_CATEGORIES) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  };

  const filters = [
    <SearchInput key="q" source="q" placeholder="Buscar despesas" alwaysOn />,
    <SelectInput key="category" source="category" label="Categoria" choices={choices()} />,
    <SelectInput key="status" source="status" label="Status" choices={statusChoices} />,
    <SelectInput key="expenseType" source="expenseType" label="Tipo" choices={expenseTypeChoices} />,
    <DateInput key="date_gte" source="date_gte" label="De" />,
    <DateInput key="date_lte" source="date_lte" label="Até" />,
  ];

  return (
    <>
      <List
        resource="expenses"
        title="Despesas"
        component="div"
        sort={{ field: 'date', order: 'DESC' }}
        perPage={10}
        filters={filters}
        actions={<Actions editor={editor} onCreate={() => setEditing({})} onManage={() => setManaging(true)} />}
        empty={false}
      >
        <ExpenseCards />
        <Card>
          <DataTable<Expense> bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhuma despesa encontrada</Box>}>
            <DataTable.Col source="description" label="Descrição" />
            <DataTable.Col source="category" label="Categoria" render={(e) => (
              <Chip size="small" label={nameOf(e.category)} sx={{ bgcolor: colorOf(e.category), color: '#fff' }} />
            )} />
            <DataTable.Col source="date" label="Data" render={(e) => formatDate(e.date)} />
            <DataTable.Col source="amount" label="Valor" align="right" render={(e) => formatCurrency(e.amount)} />
            <DataTable.Col source="expenseType" label="Tipo" render={(e) => labelOf(expenseTypeChoices, e.expenseType)} />
            <DataTable.Col label="Recorrência" disableSort render={recurrenceOf} />
            <DataTable.Col source="status" label="Status" render={(e) => <StatusChip status={e.status} />} />
            <DataTable.Col label="Anexo" disableSort render={(e) => e.attachmentUrl && (
              <Tooltip title={e.attachmentName ?? 'Anexo'}>
                <IconButton size="small" aria-label={`Ver anexo ${e.attachmentName ?? ''}`.trim()}
                  onClick={() => setViewing({ url: e.attachmentUrl!, name: e.attachmentName, type: e.attachmentType })}>
                  <AttachFileIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )} />
            {auditReader && <DataTable.Col label="Histórico" disableSort render={(e) => <HistoryButton stream={`expense-${e.id}`} label={e.description} />} />}
            {editor && (
              <DataTable.Col label="Ações" disableSort render={(e) => (
                <Stack direction="row" spacing={0.5}>
                  <IconButton size="small" aria-label="Editar despesa" onClick={() => setEditing({ id: e.id })}><EditIcon fontSize="small" /></IconButton>
                  <DeleteWithConfirmButton
                    label=""
                    icon={<DeleteOutlinedIcon fontSize="small" />}
                    aria-label="Excluir despesa"
                    redirect={false}
                    confirmTitle="Excluir despesa"
                    confirmContent={`Excluir "${e.description}"? Esta ação não pode ser desfeita.`}
                    mutationOptions={{
                      onSuccess: () => { notify('Despesa excluída', { type: 'success' }); refresh(); },
                      onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
                    }}
                  />
                </Stack>
              )} />
            )}
          </DataTable>
        </Card>
      </List>
      <ExpenseFormDialog open={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />
      <AttachmentViewerDialog attachment={viewing} onClose={() => setViewing(null)} />
      {editor && <CategoryManagerDialog open={managing} onClose={stopManaging} />}
    </>
  );
};

export default ExpenseList;
