// Conexões Bancárias: each connected account (masked), its last sync and, for editors, 'Sincronizar'
// and 'Desconectar' (after a confirmation: the connection stops syncing, its transactions stay).
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SyncIcon from '@mui/icons-material/Sync';
import { Box, Button, Card, CardContent, Chip, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, List, useDataProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { labelOf } from '../../lib/choices';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { accountTypeChoices, type BankConnection } from './choices';

const ConnectionCard = ({ connection, editor }: { connection: BankConnection; editor: boolean }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const sync = useMutation({
    mutationFn: () => dataProvider.call<{ message: string }>(`bank-connections/${connection.id}/sync`, { method: 'POST' }),
    onSuccess: async () => {
      notify(...toast('Sincronização Iniciada', 'As transações do banco serão importadas em segundo plano.'));
      await queryClient.invalidateQueries({ queryKey: ['sync-logs'] });
    },
    onError: (error) => notify(...toast('Erro ao sincronizar transações', errorMessage(error), 'error')),
  });
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const deactivate = useMutation({
    mutationFn: () => dataProvider.call<BankConnection>(`bank-connections/${connection.id}/deactivate`, { method: 'POST' }),
    onSuccess: async () => {
      setConfirming(false);
      notify(...toast('Conexão Desativada', `${connection.bankName} ${connection.accountNumber} não será mais sincronizada.`));
      refresh();
      await queryClient.invalidateQueries({ queryKey: ['bank-connections'] });
    },
    onError: (error) => notify(...toast('Erro ao desconectar banco', errorMessage(error), 'error')),
  });
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label={`Conexão ${connection.bankName}`}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <AccountBalanceIcon color="primary" />
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{connection.bankName}</Typography>
            <Typography variant="body2" color="text.secondary">{labelOf(accountTypeChoices, connection.accountType)} · {connection.accountNumber}</Typography>
          </Box>
          <Chip size="small" label={connection.isActive ? 'Ativa' : 'Inativa'} color={connection.isActive ? 'success' : 'default'} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Última sincronização: {connection.lastSyncAt ? formatDateTime(connection.lastSyncAt) : 'nunca'}
        </Typography>
        <Typography variant="body2" color="text.secondary">Open Banking · sincronização diária{connection.provider === 'sandbox' ? ' · banco sandbox' : ''}</Typography>
        {editor && connection.isActive && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" size="small" startIcon={sync.isPending ? <CircularProgress size={16} /> : <SyncIcon />} disabled={sync.isPending} onClick={() => sync.mutate()}>
              Sincronizar
            </Button>
            <Button variant="text" color="error" size="small" startIcon={<LinkOffIcon />} onClick={() => setConfirming(true)}>
              Desconectar
            </Button>
          </Stack>
        )}
        <Confirm
          isOpen={confirming}
          loading={deactivate.isPending}
          title="Desconectar banco"
          content={`Desconectar ${connection.bankName} (${connection.accountNumber})? A conta deixa de ser sincronizada; as transações já importadas continuam. Você pode conectá-la de novo depois.`}
          confirm="Desconectar"
          cancel="Cancelar"
          confirmColor="warning"
          onConfirm={() => deactivate.mutate()}
          onClose={() => setConfirming(false)}
        />
      </CardContent>
    </Card>
  );
};

const ConnectionGrid = ({ editor }: { editor: boolean }) => {
  const { data, isPending } = useListContext<BankConnection>();
  if (isPending) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress /></Box>;
  if (!data?.length) {
    return (
      <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
        <Typography>Nenhuma conta bancária conectada</Typography>
        {editor && <Typography variant="body2">Use 'Conectar Banco' para conectar a primeira conta.</Typography>}
      </Box>
    );
  }
  return (
    <Grid container spacing={2}>
      {data.map((connection) => <Grid key={connection.id} size={{ xs: 12, md: 6, lg: 4 }}><ConnectionCard connection={connection} editor={editor} /></Grid>)}
    </Grid>
  );
};

export const ConnectionsTab = ({ editor }: { editor: boolean }) => (
  <List resource="bank-connections" title={false} component="div" actions={false} disableSyncWithLocation storeKey={false}
    sort={{ field: 'createdAt', order: 'DESC' }} perPage={50} pagination={false} empty={false}>
    <ConnectionGrid editor={editor} />
  </List>
);
