// Logs de Sincronização: bank, status, start, end, duration (seconds) and how many transactions came.
import { Box, Chip, CircularProgress, Tooltip } from '@mui/material';
import { DataTable, List, useListContext } from 'react-admin';
import { formatDateTime } from '../../lib/format';
import { syncDuration, type SyncLog } from './choices';

const StatusChip = ({ log }: { log: SyncLog }) => {
  if (log.status === 'running') return <Chip size="small" color="info" variant="outlined" label="Em andamento" />;
  const chip = <Chip size="small" color={log.status === 'success' ? 'success' : 'error'} label={log.status === 'success' ? 'Sucesso' : 'Erro'} />;
  return log.error ? <Tooltip title={log.error}>{chip}</Tooltip> : chip;
};

const LogTable = () => {
  const { isPending } = useListContext<SyncLog>();
  if (isPending) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress /></Box>;
  return (
    <DataTable<SyncLog> bulkActionButtons={false} rowClick={false}
      empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhuma sincronização realizada</Box>}>
      <DataTable.Col source="bankName" label="Banco" />
      <DataTable.Col source="status" label="Status" render={(log) => <StatusChip log={log as SyncLog} />} />
      <DataTable.Col source="startTime" label="Início" render={(log) => formatDateTime(log.startTime)} />
      <DataTable.Col label="Fim" disableSort render={(log) => (log.endTime ? formatDateTime(String(log.endTime)) : '—')} />
      <DataTable.Col label="Duração" disableSort render={(log) => syncDuration(log as SyncLog)} />
      <DataTable.Col label="Transações importadas" disableSort align="right" render={(log) => (log.transactionsImported ?? '—')} />
    </DataTable>
  );
};

export const SyncLogsTab = () => (
  <List resource="sync-logs" title={false} component="div" actions={false} disableSyncWithLocation storeKey={false}
    sort={{ field: 'startTime', order: 'DESC' }} perPage={25} empty={false}>
    <LogTable />
  </List>
);
