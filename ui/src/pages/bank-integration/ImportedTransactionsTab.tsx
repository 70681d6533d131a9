// Transações Importadas: the approval queue. Pending rows offer 'Aprovar' and 'Rejeitar' to editors;
// view-only users see 'Aguardando aprovação'. Editors also select pending rows for 'Aprovar
// selecionadas' / 'Rejeitar selecionadas', or approve every pending one with 'Aprovar todas' (after
// a confirmation): all or nothing on the server, one toast saying what happened.
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, DataTable, ExportButton, List, SearchInput, SelectInput, TopToolbar, useDataProvider, useListContext, useNotify, useRefresh, type Identifier } from 'react-admin';
import { labelOf } from '../../lib/choices';
import { formatCurrency, formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { useCategories } from '../../resources/categories/useCategories';
import { categoryChoices as revenueCategoryChoices } from '../../resources/revenues/choices';
import { importedStatusChoices, importedStatusColors, type ImportedTransaction } from './choices';

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar transações" alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={importedStatusChoices} alwaysOn />,
];

const Decision = ({ transaction }: { transaction: ImportedTransaction }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') => dataProvider.call(`imported-transactions/${transaction.id}/${decision}`, { method: 'POST' }),
    onSuccess: async (_answer, decision) => {
      notify(...toast(decision === 'approve' ? 'Transação Aprovada' : 'Transação Rejeitada',
        decision === 'approve' ? `"${transaction.description}" foi adicionada às ${transaction.transactionType === 'debit' ? 'despesas' : 'receitas'}.` : undefined));
      refresh();
      if (decision === 'approve') {
        await Promise.all(['transactions', 'expenses', 'revenues', 'financial', 'charts'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      }
    },
    onError: (error) => notify(...toast('Erro', errorMessage(error), 'error')),
  });
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="contained" color="success" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>Aprovar</Button>
      <Button size="small" variant="outlined" color="error" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>Rejeitar</Button>
    </Stack>
  );
};

const ledgerKeys = ['transactions', 'expenses', 'revenues', 'financial', 'charts', 'dashboard', 'budgets'];

type BulkDecision = { decision: 'approve' | 'reject'; ids?: Identifier[]; all?: boolean };

/** One request for many decisions; the server applies all of them or none. */
function useBulkDecision(onDone: () => void) {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ decision, ids, all }: BulkDecision) =>
      dataProvider.call<{ decided: number; unchanged: number; message: string }>(`imported-transactions/bulk/${decision}`, { method: 'POST', body: all ? { all: true } : { ids } }),
    onSuccess: async (answer, { decision }) => {
      onDone();
      notify(...toast(decision === 'approve' ? 'Transações Aprovadas' : 'Transações Rejeitadas',
        decision === 'approve' && answer.decided > 0 ? `${answer.message.replace(/\.$/, '')}: adicionadas às despesas e receitas.` : answer.message));
      refresh();
      if (decision === 'approve') await Promise.all(ledgerKeys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    onError: (error, { decision }) => notify(...toast(decision === 'approve' ? 'Erro ao aprovar transações' : 'Erro ao rejeitar transações', errorMessage(error), 'error')),
  });
}

const BulkDecisionButtons = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const decide = useBulkDecision(() => onUnselectItems());
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="contained" color="success" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'approve', ids: selectedIds })}>
        Aprovar selecionadas
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'reject', ids: selectedIds })}>
        Rejeitar selecionadas
      </Button>
    </Stack>
  );
};

const ApproveAllButton = () => {
  const { filterValues, total } = useListContext();
  const [confirming, setConfirming] = useState(false);
  const decide = useBulkDecision(() => setConfirming(false));
  const pendingShown = filterValues.status === 'pending' && !filterValues.q;
  if (!pendingShown || !total) return null;
  return (
    <>
      <Button size="small" variant="contained" color="success" startIcon={<DoneAllIcon />} onClick={() => setConfirming(true)}>Aprovar todas</Button>
      <Confirm
        isOpen={confirming}
        loading={decide.isPending}
        title="Aprovar todas"
        content={`Aprovar ${total === 1 ? 'a transação pendente' : `as ${total} transações pendentes`}? Cada débito vira uma despesa e cada crédito, uma receita.`}
        confirm="Aprovar todas"
        cancel="Cancelar"
        onConfirm={() => decide.mutate({ decision: 'approve', all: true })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

const StatusChip = ({ status }: { status: ImportedTransaction['status'] }) => (
  <Chip size="small" label={labelOf(importedStatusChoices, status)} color={importedStatusColors[status]} variant="outlined" />
);

const Actions = ({ transaction, editor }: { transaction: ImportedTransaction; editor: boolean }) => {
  if (transaction.status !== 'pending') return null;
  return editor ? <Decision transaction={transaction} /> : <Typography variant="body2" color="text.secondary">Aguardando aprovação</Typography>;
};

const ImportedTable = ({ editor }: { editor: boolean }) => {
  const { isPending } = useListContext();
  const { nameOf } = useCategories();
  const categoryName = (t: ImportedTransaction) => (!t.category ? '—' : t.transactionType === 'credit' ? labelOf(revenueCategoryChoices, t.category) : nameOf(t.category));
  if (isPending) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress aria-label="Carregando transações importadas" /></Box>;
  return (
    <DataTable<ImportedTransaction> rowClick={false}
      bulkActionButtons={editor ? <BulkDecisionButtons /> : false}
      isRowSelectable={(record) => record.status === 'pending'}
      empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhuma transação importada</Box>}>
      <DataTable.Col source="transactionDate" label="Data" render={(r) => formatDate(r.transactionDate)} />
      <DataTable.Col source="description" label="Descrição" render={(r) => (
        <Box>
          <Typography variant="body2">{r.description}</Typography>
          {r.merchant && <Typography variant="caption" color="text.secondary">{r.merchant}</Typography>}
        </Box>
      )} />
      <DataTable.Col source="bankName" label="Banco" />
      <DataTable.Col source="category" label="Categoria" disableSort render={(r) => categoryName(r as ImportedTransaction)} />
      <DataTable.Col source="amount" label="Valor" align="right" render={(r) => (
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: r.transactionType === 'credit' ? 'success.main' : 'error.main' }}>
          {r.transactionType === 'credit' ? '+' : '−'} {formatCurrency(r.amount)}
        </Typography>
      )} />
      <DataTable.Col source="status" label="Status" render={(r) => <StatusChip status={r.status} />} />
      <DataTable.Col label="Ações" disableSort render={(record) => <Actions transaction={record as ImportedTransaction} editor={editor} />} />
    </DataTable>
  );
};

export const ImportedTransactionsTab = ({ editor, status = 'pending' }: { editor: boolean; status?: ImportedTransaction['status'] }) => (
  <List resource="imported-transactions" title={false} component="div" disableSyncWithLocation storeKey={false}
    sort={{ field: 'transactionDate', order: 'DESC' }} perPage={25} filters={filters} filterDefaultValues={{ status }} empty={false}
    actions={editor ? <TopToolbar><ApproveAllButton /><ExportButton /></TopToolbar> : undefined}>
    <ImportedTable editor={editor} />
  </List>
);
