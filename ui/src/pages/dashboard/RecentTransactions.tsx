// The dashboard's recent transactions: the newest 10 of GET /api/transactions, paged by the server,
// CSV export of all of them (transacoes.csv), and for editors 'Nova Transação' (the expense or
// revenue form) and an actions column.
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardHeader, Chip, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListBase, Pagination, useDataProvider, useNotify } from 'react-admin';
import { downloadCsv } from '../../lib/csv';
import { formatCurrency, formatDate } from '../../lib/format';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { useCategories } from '../../resources/categories/useCategories';
import { ExpenseFormDialog } from '../../resources/expenses/ExpenseFormDialog';
import { categoryChoices as revenueCategories } from '../../resources/revenues/choices';
import { RevenueFormDialog } from '../../resources/revenues/RevenueFormDialog';
import type { Transaction } from './api';
import { statusLabels, typeLabels } from './labels';

/** A transaction's category in words: the revenue's label, or the organization's name for the expense slug. */
export const categoryLabel = (t: Pick<Transaction, 'type' | 'category'>, expenseName: (slug: string) => string): string =>
  t.type === 'income' ? (revenueCategories.find((c) => c.id === t.category)?.name ?? t.category) : expenseName(t.category);

export const exportTransactions = (transactions: readonly Transaction[], expenseName: (slug: string) => string = (slug) => slug) =>
  downloadCsv('transacoes.csv', transactions, [
    { header: 'Data', value: (t) => formatDate(t.date) },
    { header: 'Descrição', value: (t) => t.description },
    { header: 'Tipo', value: (t) => typeLabels[t.type] },
    { header: 'Categoria', value: (t) => categoryLabel(t, expenseName) },
    { header: 'Valor (R$)', value: (t) => (t.type === 'expense' ? -Number(t.amount) : Number(t.amount)) },
    { header: 'Status', value: (t) => statusLabels[t.status] ?? t.status },
    { header: 'Recorrente', value: (t) => t.isRecurring },
  ]);

type Editing = { kind: 'expense' | 'revenue'; id?: string } | null;

/** `asOf`: the list as it stood at that instant (read-only). */
export const RecentTransactions = ({ editor, asOf = null }: { editor: boolean; asOf?: string | null }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const { nameOf } = useCategories();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [exporting, setExporting] = useState(false);

  const exportAll = async () => {
    setExporting(true);
    try {
      exportTransactions(await dataProvider.call<Transaction[]>('transactions', { query: { sort: JSON.stringify(['date', 'DESC']), ...(asOf ? { asOf } : {}) } }), nameOf);
    } catch (error) {
      console.error('Failed to fetch transactions', error);
      notify('Failed to fetch transactions', { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const open = (kind: 'expense' | 'revenue', id?: string) => {
    setMenu(null);
    setEditing({ kind, id });
  };

  return (
    <Card variant="outlined" aria-label="Transações Recentes">
      <CardHeader
        title="Transações Recentes"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Tooltip title="Exportar CSV">
              <span>
                <IconButton aria-label="Exportar transações em CSV" disabled={exporting} onClick={exportAll}><DownloadIcon /></IconButton>
              </span>
            </Tooltip>
            {editor && (
              <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={(event) => setMenu(event.currentTarget)}>
                Nova Transação
              </Button>
            )}
          </Box>
        }
      />
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => open('expense')}>Nova Despesa</MenuItem>
        <MenuItem onClick={() => open('revenue')}>Nova Receita</MenuItem>
      </Menu>
      <ListBase key={asOf ?? 'present'} resource="transactions" perPage={10} sort={{ field: 'date', order: 'DESC' }} filter={asOf ? { asOf } : undefined} disableSyncWithLocation storeKey={false}>
        <DataTable<Transaction> bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhuma transação encontrada</Box>}>
          <DataTable.Col source="date" label="Data" render={(t) => formatDate(t.date)} />
          <DataTable.Col source="description" label="Descrição" />
          <DataTable.Col source="type" label="Tipo" render={(t) => (
            <Chip size="small" label={typeLabels[t.type as Transaction['type']]} color={t.type === 'income' ? 'success' : 'error'} variant="outlined" />
          )} />
          <DataTable.Col source="category" label="Categoria" render={(t) => categoryLabel(t as Transaction, nameOf)} />
          <DataTable.Col source="amount" label="Valor" align="right" render={(t) => (
            <Typography variant="body2" sx={{ fontWeight: 600, color: t.type === 'income' ? 'success.main' : 'error.main' }}>
              {t.type === 'income' ? '+' : '-'}{formatCurrency(t.amount)}
            </Typography>
          )} />
          <DataTable.Col source="status" label="Status" render={(t) => statusLabels[t.status] ?? t.status} />
          {editor && (
            <DataTable.Col label="Ações" disableSort render={(t) => (
              <IconButton size="small" aria-label={`Editar ${t.description}`} onClick={() => open(t.type === 'income' ? 'revenue' : 'expense', t.id)}>
                <EditIcon fontSize="small" />
              </IconButton>
            )} />
          )}
        </DataTable>
        <Pagination rowsPerPageOptions={[]} />
      </ListBase>
      <ExpenseFormDialog open={editing?.kind === 'expense'} id={editing?.id} onClose={() => setEditing(null)} />
      <RevenueFormDialog open={editing?.kind === 'revenue'} id={editing?.id} onClose={() => setEditing(null)} />
    </Card>
  );
};
