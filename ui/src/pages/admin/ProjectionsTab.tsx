// The admin panel's 'Projeções' tab (super admin and analyst): each read model's version,
// checkpoint, lag and state, its degraded organizations, and a rebuild with live progress
// (polled every 2 s while a rebuild is pending or running, every 10 s otherwise).
import { Alert, Box, Button, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { toast } from '../../lib/toast';
import { apiJson, errorMessage } from '../../providers/httpClient';

type Rebuild = {
  id: string; status: 'pending' | 'running' | 'done' | 'failed'; requestedAt: string; startedAt: string | null; finishedAt: string | null;
  position: string; head: string; applied: number; eventsPerSecond: number; etaSeconds: number | null; error: string | null;
};
export type Projection = {
  name: string; version: number; storedVersion: number | null; checkpoint: string; head: string; lagEvents: number; lagSeconds: number;
  state: 'up_to_date' | 'catching_up' | 'rebuilding' | 'degraded';
  degradedOrganizations: { organizationId: string | null; organizationName: string | null; position: string; eventType: string; error: string; failedAt: string }[];
  rebuild: Rebuild | null;
};

const stateLabels: Record<Projection['state'], { label: string; color: 'success' | 'info' | 'warning' | 'error' }> = {
  up_to_date: { label: 'Em dia', color: 'success' },
  catching_up: { label: 'Atualizando', color: 'info' },
  rebuilding: { label: 'Reconstruindo', color: 'warning' },
  degraded: { label: 'Degradada', color: 'error' },
};
const rebuildLabels: Record<Rebuild['status'], string> = { pending: 'Aguardando', running: 'Em andamento', done: 'Concluída', failed: 'Falhou' };

const number = (value: number | string) => Number(value).toLocaleString('pt-BR');
const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }) : '—');
const duration = (seconds: number) => (seconds < 60 ? `${Math.round(seconds)} s` : seconds < 3600 ? `${Math.round(seconds / 60)} min` : `${(seconds / 3600).toFixed(1)} h`);

const active = (p: Projection) => p.rebuild?.status === 'pending' || p.rebuild?.status === 'running';

function RebuildProgress({ rebuild }: { rebuild: Rebuild }) {
  const total = Math.max(Number(rebuild.head), rebuild.applied, 1);
  const percent = rebuild.status === 'done' ? 100 : Math.min(100, (rebuild.applied / total) * 100);
  return (
    <Box sx={{ minWidth: 220 }}>
      <Typography variant="caption" component="p">
        Reconstrução: {rebuildLabels[rebuild.status]}
        {rebuild.status === 'running' && ` · ${number(rebuild.applied)} de ${number(total)} eventos · ${number(rebuild.eventsPerSecond)} eventos/s`}
        {rebuild.status === 'running' && rebuild.etaSeconds !== null && ` · faltam ${duration(rebuild.etaSeconds)}`}
        {rebuild.status === 'done' && ` em ${dateTime(rebuild.finishedAt)}`}
      </Typography>
      {(rebuild.status === 'running' || rebuild.status === 'pending') && (
        <LinearProgress variant={rebuild.status === 'pending' ? 'indeterminate' : 'determinate'} value={percent} aria-label={`Progresso da reconstrução: ${Math.round(percent)}%`} />
      )}
      {rebuild.status === 'failed' && rebuild.error && <Typography variant="caption" color="error">{rebuild.error}</Typography>}
    </Box>
  );
}

export const ProjectionsTab = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'projections'],
    queryFn: () => apiJson<Projection[]>('admin/projections'),
    refetchInterval: (query) => ((query.state.data ?? []).some(active) ? 2_000 : 10_000),
  });
  const rebuild = useMutation({
    mutationFn: (name: string) => apiJson<Rebuild>(`admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST' }),
    onSuccess: (_, name) => {
      notify(...toast(`Reconstrução de ${name} solicitada`));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'projections'] });
    },
    onError: (e) => notify(...toast(errorMessage(e, 'Erro ao solicitar a reconstrução'), undefined, 'error')),
  });
  // One degraded organization replayed alone, once the code that failed on its event is fixed.
  const replay = useMutation({
    mutationFn: ({ name, organizationId }: { name: string; organizationId: string; label: string }) =>
      apiJson<Rebuild>(`admin/projections/${encodeURIComponent(name)}/organizations/${encodeURIComponent(organizationId)}/replay`, { method: 'POST' }),
    onSuccess: (_, { name, label }) => {
      notify(...toast(`Reprocessamento de ${label} em ${name} solicitado`));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'projections'] });
    },
    onError: (e) => notify(...toast(errorMessage(e, 'Erro ao solicitar o reprocessamento'), undefined, 'error')),
  });

  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{errorMessage(error, 'Erro ao carregar as projeções')}</Alert>;
  return (
    <Box sx={{ pt: 1, overflowX: 'auto' }}>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        Modelos de leitura construídos a partir do log de eventos: versão, posição aplicada, atraso e estado. Uma reconstrução carrega tabelas sombra e as troca de uma só vez; as telas continuam respondendo durante ela.
      </Typography>
      <Table size="small" aria-label="Projeções">
        <TableHead>
          <TableRow>
            <TableCell>Projeção</TableCell>
            <TableCell align="right">Versão</TableCell>
            <TableCell align="right">Checkpoint</TableCell>
            <TableCell align="right">Atraso (eventos)</TableCell>
            <TableCell align="right">Atraso (tempo)</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell>Organizações degradadas</TableCell>
            <TableCell>Reconstrução</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((p) => (
            <TableRow key={p.name} data-projection={p.name}>
              <TableCell component="th" scope="row"><code>{p.name}</code></TableCell>
              <TableCell align="right">{p.storedVersion !== null && p.storedVersion !== p.version ? `${p.storedVersion} → ${p.version}` : p.version}</TableCell>
              <TableCell align="right">{number(p.checkpoint)} de {number(p.head)}</TableCell>
              <TableCell align="right">{number(p.lagEvents)}</TableCell>
              <TableCell align="right">{p.lagEvents === 0 ? '—' : duration(p.lagSeconds)}</TableCell>
              <TableCell><Chip size="small" label={stateLabels[p.state].label} color={stateLabels[p.state].color} /></TableCell>
              <TableCell>
                {p.degradedOrganizations.length === 0 ? 'Nenhuma' : (
                  <Stack spacing={0.5}>
                    {p.degradedOrganizations.map((o) => {
                      const label = o.organizationName ?? o.organizationId ?? 'Plataforma';
                      return (
                        <Stack key={`${o.organizationId}-${o.position}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography variant="caption" title={o.error}>
                            {label} · evento {o.eventType} na posição {number(o.position)}
                          </Typography>
                          {o.organizationId && (
                            <Button size="small" aria-label={`Reprocessar ${label}`} disabled={replay.isPending}
                              onClick={() => replay.mutate({ name: p.name, organizationId: o.organizationId!, label })}>
                              Reprocessar
                            </Button>
                          )}
                        </Stack>
                      );
                    })}
                  </Stack>
                )}
              </TableCell>
              <TableCell>
                <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                  {p.rebuild && <RebuildProgress rebuild={p.rebuild} />}
                  <Button size="small" variant="outlined" disabled={active(p) || rebuild.isPending} onClick={() => rebuild.mutate(p.name)}>
                    Reconstruir
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
