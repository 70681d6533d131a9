// The Investimentos screen (spec §2): summary cards, the portfolio (paged, sorted and filtered on the
// server), allocation by type, next maturities, and the 'Novo Investimento' dialog for editors.
import { HistoryButton, useAuditReader } from '../../pages/audit/HistoryButton';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { Box, Button, Card, CardContent, Chip, CircularProgress, Grid, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DataTable, DeleteWithConfirmButton, FilterButton, List, SearchInput, SelectInput, TopToolbar, useDataProvider, useListContext, useNotify, useRefresh,
} from 'react-admin';
import { formatCurrency, formatDate } from '../../lib/format';
import { canEditData } from '../../providers/authProvider';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { formatPercent, riskChoices, riskColors, typeChoices, type Investment, type PortfolioSummary } from './choices';
import { CurrentValueDialog } from './CurrentValueDialog';
import { InvestmentFormDialog } from './InvestmentFormDialog';
import { Allocation, NextMaturities, SummaryCards } from './PortfolioSummary';

const expectedFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar investimentos" alwaysOn />,
  <SelectInput key="type" source="type" label="Tipo" choices={typeChoices} />,
  <SelectInput key="risk" source="risk" label="Nível de Risco" choices={riskChoices} />,
];

const Actions = ({ editor, onCreate }: { editor: boolean; onCreate: () => void }) => (
  <TopToolbar>
    <FilterButton />
    {editor && <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>Novo Investimento</Button>}
  </TopToolbar>
);

const usePortfolioSummary = () => {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const { data } = useQuery({
    queryKey: ['investments', 'summary', filterValues],
    queryFn: ({ signal }) => dataProvider.call<PortfolioSummary>('investments/summary', { query: { filter: JSON.stringify(filterValues) }, signal }),
  });
  return data;
};

const Portfolio = ({ editor, onEdit, onValue }: { editor: boolean; onEdit: (id: string) => void; onValue: (i: Investment) => void }) => {
  const auditReader = useAuditReader();
  const { isPending } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  if (isPending) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress aria-label="Carregando investimentos" /></Box>;
  return (
    <DataTable<Investment> bulkActionButtons={false} rowClick={false}
      empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhum investimento cadastrado</Box>}>
      <DataTable.Col source="name" label="Nome" render={(i: Investment) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>{i.name}</Typography>
          <Typography variant="caption" color="text.secondary">{i.type} · {i.duration}</Typography>
        </Box>
      )} />
      <DataTable.Col source="amount" label="Valor Investido" align="right" render={(i: Investment) => formatCurrency(i.amount)} />
      <DataTable.Col source="currentValue" label="Valor Atual" align="right" render={(i: Investment) => formatCurrency(i.currentValue ?? i.amount)} />
      <DataTable.Col label="Rentabilidade" align="right" disableSort render={(i: Investment) => (
        <Typography variant="body2" sx={{ color: i.returnPercent > 0 ? 'success.main' : i.returnPercent < 0 ? 'error.main' : undefined }}>{formatPercent(i.returnPercent)}</Typography>
      )} />
      <DataTable.Col source="expectedReturn" label="Esperada" align="right" render={(i: Investment) => `${expectedFormat.format(Number(i.expectedReturn))}% a.a.`} />
      <DataTable.Col source="risk" label="Risco" render={(i: Investment) => <Chip size="small" variant="outlined" label={i.risk} color={riskColors[i.risk]} />} />
      <DataTable.Col source="maturityDate" label="Vencimento" render={(i: Investment) => (i.maturityDate ? formatDate(i.maturityDate) : '—')} />
      {auditReader && <DataTable.Col label="Histórico" disableSort render={(i: Investment) => <HistoryButton stream={`investment-${i.id}`} label={i.name} />} />}
      {editor && (
        <DataTable.Col label="Ações" disableSort render={(i: Investment) => (
          <Stack direction="row" spacing={0.5}>
            <Tooltip title="Atualizar valor atual"><IconButton size="small" aria-label="Atualizar valor atual" onClick={() => onValue(i)}><PriceChangeIcon fontSize="small" /></IconButton></Tooltip>
            <IconButton size="small" aria-label="Editar investimento" onClick={() => onEdit(i.id)}><EditIcon fontSize="small" /></IconButton>
            <DeleteWithConfirmButton
              label="Excluir"
              redirect={false}
              confirmTitle="Excluir investimento"
              confirmContent={`Excluir "${i.name}"? Esta ação não pode ser desfeita.`}
              mutationOptions={{
                onSuccess: () => { notify('Investimento excluído', { type: 'success' }); refresh(); },
                onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
              }}
            />
          </Stack>
        )} />
      )}
    </DataTable>
  );
};

const Screen = ({ editor, onEdit, onValue }: { editor: boolean; onEdit: (id: string) => void; onValue: (i: Investment) => void }) => {
  const summary = usePortfolioSummary();
  return (
    <>
      <SummaryCards summary={summary} />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}><Allocation summary={summary} /></Grid>
        <Grid size={{ xs: 12, md: 6 }}><NextMaturities summary={summary} /></Grid>
      </Grid>
      <Card sx={{ overflowX: 'auto' }}>
        <CardContent sx={{ pb: 0 }}><Typography variant="h6" component="h2">Carteira de Investimentos</Typography></CardContent>
        <Portfolio editor={editor} onEdit={onEdit} onValue={onValue} />
      </Card>
    </>
  );
};

const InvestmentList = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [valuing, setValuing] = useState<Investment | null>(null);
  return (
    <>
      <List
        resource="investments"
        title="Investimentos"
        component="div"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        filters={filters}
        actions={<Actions editor={editor} onCreate={() => setEditing({})} />}
        empty={false}
      >
        <Box sx={{ mt: 1, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Investimentos</Typography>
        </Box>
        <Screen editor={editor} onEdit={(id) => setEditing({ id })} onValue={setValuing} />
      </List>
      {editor && <InvestmentFormDialog open={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />}
      {editor && <CurrentValueDialog investment={valuing} onClose={() => setValuing(null)} />}
    </>
  );
};

export default InvestmentList;
