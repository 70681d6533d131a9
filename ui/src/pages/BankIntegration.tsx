// Integração Bancária (/bank-integration): the tabs Conexões Bancárias, Transações Importadas and
// Logs de Sincronização, and 'Conectar Banco' for editors. While a sync runs, the lists follow it.
// `?tab=imported` (with `&status=pending`), `?tab=logs` open a tab directly: the notifications link there.
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { canEditData } from '../providers/authProvider';
import type { FluxoDataProvider } from '../providers/dataProvider';
import { useCurrentUser } from '../providers/useCurrentUser';
import type { SyncLog } from './bank-integration/choices';
import { ConnectBankDialog } from './bank-integration/ConnectBankDialog';
import { ConnectionsTab } from './bank-integration/ConnectionsTab';
import { ImportedTransactionsTab } from './bank-integration/ImportedTransactionsTab';
import { SyncLogsTab } from './bank-integration/SyncLogsTab';

const tabs = ['Conexões Bancárias', 'Transações Importadas', 'Logs de Sincronização'] as const;
const tabKeys = ['connections', 'imported', 'logs'] as const;
const importedStatuses = ['pending', 'approved', 'rejected'] as const;

/** Polls the latest sync logs while one is running; when it ends, every banking list refreshes. */
function useFollowRunningSyncs(): void {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['sync-logs', 'running'],
    queryFn: ({ signal }) => dataProvider.call<SyncLog[]>('sync-logs', { query: { sort: JSON.stringify(['startTime', 'DESC']), range: JSON.stringify([0, 9]) }, signal }),
    refetchInterval: (query) => ((query.state.data ?? []).some((log) => log.status === 'running') ? 1500 : false),
  });
  const running = (data ?? []).some((log) => log.status === 'running');
  const [wasRunning, setWasRunning] = useState(false);
  useEffect(() => {
    if (wasRunning && !running) {
      for (const key of ['sync-logs', 'bank-connections', 'imported-transactions']) void queryClient.invalidateQueries({ queryKey: [key] });
    }
    setWasRunning(running);
  }, [running, wasRunning, queryClient]);
}

const BankIntegration = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  const [params] = useSearchParams();
  const [tab, setTab] = useState(() => Math.max(0, tabKeys.indexOf(params.get('tab') as (typeof tabKeys)[number])));
  const asked = params.get('status');
  const status = importedStatuses.find((s) => s === asked) ?? 'pending';
  // A notification followed while already on this screen changes only the query string.
  useEffect(() => {
    const index = tabKeys.indexOf(params.get('tab') as (typeof tabKeys)[number]);
    if (index >= 0) setTab(index);
  }, [params]);
  const [connecting, setConnecting] = useState(false);
  useFollowRunningSyncs();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Integração Bancária" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Integração Bancária</Typography>
          <Typography variant="body2" color="text.secondary">Conecte suas contas, sincronize e aprove as transações importadas</Typography>
        </Box>
        {editor && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setConnecting(true)}>Conectar Banco</Button>}
      </Stack>
      <Card>
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="scrollable" aria-label="Integração Bancária" sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((label) => <Tab key={label} label={label} />)}
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 0 && <ConnectionsTab editor={editor} />}
          {tab === 1 && <ImportedTransactionsTab key={status} editor={editor} status={status} />}
          {tab === 2 && <SyncLogsTab />}
        </Box>
      </Card>
      {editor && <ConnectBankDialog open={connecting} onClose={() => setConnecting(false)} />}
    </Box>
  );
};

export default BankIntegration;
