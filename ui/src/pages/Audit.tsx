// 'Auditoria': the organization's history as a timeline (newest first) with filters, the integrity
// check's badge and the export of the whole history — for org admins, auditors and the super admin
// acting as the organization.
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert, Box, Button, Card, CardContent, Chip, CircularProgress, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { formatDateTime } from '../lib/format';
import { saveFile } from '../lib/saveFile';
import { canReadAudit } from '../providers/authProvider';
import { apiFetch, apiJson, apiUrl, errorMessage } from '../providers/httpClient';
import { useCurrentUser } from '../providers/useCurrentUser';
import { EventFields } from './audit/EventFields';
import { actorText, HistoryDialog } from './audit/HistoryDialog';
import { eventTypeChoices, eventTypeLabel, streamChoices, streamLabel } from './audit/labels';
import type { AuditEvent, Verification } from './audit/types';

const PAGE_SIZE = 25;

type Filters = { type: string; stream: string; actor: string; impersonator: string; from: string; to: string };
const noFilters: Filters = { type: '', stream: '', actor: '', impersonator: '', from: '', to: '' };

/** 'AAAA-MM-DDTHH:mm' typed in São Paulo time → ISO instant (Brazil has had no daylight saving since 2019). */
const saoPauloInstant = (local: string, end: boolean) => (local ? new Date(`${local}${end ? ':59.999' : ':00'}-03:00`).toISOString() : undefined);

const VerifyBadge = () => {
  const { data, error, isPending, refetch, isFetching } = useQuery({
    queryKey: ['audit-verify'],
    queryFn: ({ signal }) => apiJson<Verification>('audit/verify', { signal }),
  });
  if (isPending) return <Chip icon={<CircularProgress size={14} />} label="Verificando integridade…" />;
  if (error) return <Alert severity="warning">{errorMessage(error)}</Alert>;
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          data-testid="verify-badge"
          color={data.ok ? 'success' : 'error'}
          label={data.ok ? `Integridade verificada: ${data.checkedEvents} eventos conferem` : `Integridade comprometida: ${data.findings.length} problema(s)`}
        />
        <Typography variant="caption" color="text.secondary">
          Verificado em {formatDateTime(data.verifiedAt)} · {data.checkpoints} checkpoint(s) assinado(s)
        </Typography>
        <Button size="small" onClick={() => void refetch()} disabled={isFetching}>Verificar novamente</Button>
      </Stack>
      {!data.ok && (
        <Alert severity="error" sx={{ mt: 1 }}>
          <ul style={{ margin: 0, paddingLeft: 16 }}>{data.findings.slice(0, 20).map((f, i) => <li key={i}>{f.message}</li>)}</ul>
        </Alert>
      )}
    </Box>
  );
};

const ExportButton = () => {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const response = await apiFetch(apiUrl('audit/export'), { headers: { Accept: 'application/x-ndjson' } });
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'fluxo-auditoria.ndjson';
      saveFile(await response.blob(), name);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} onClick={() => void run()} disabled={busy}>
        Exportar histórico
      </Button>
      {failure && <Typography color="error" variant="body2">{failure}</Typography>}
    </Box>
  );
};

type Person = { id: string; name: string };

const usePeople = () => {
  const users = useQuery({
    queryKey: ['audit-users'],
    queryFn: ({ signal }) => apiJson<{ id: string; username: string }[]>('organization/users', { signal }),
  });
  const sessions = useQuery({
    queryKey: ['audit-support'],
    queryFn: ({ signal }) => apiJson<{ superAdminId: string; superAdminName: string | null }[]>('organization/impersonations', { signal }),
  });
  const actors: Person[] = (users.data ?? []).map((u) => ({ id: u.id, name: u.username }));
  const support = new Map<string, string>();
  for (const s of sessions.data ?? []) support.set(s.superAdminId, s.superAdminName ?? 'Super admin');
  const impersonators: Person[] = [...support].map(([id, name]) => ({ id, name }));
  return { actors: [...actors, ...impersonators.filter((i) => !actors.some((a) => a.id === i.id))], impersonators };
};

const FilterBar = ({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) => {
  const { actors, impersonators } = usePeople();
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => onChange({ ...filters, [key]: event.target.value });
  const select = (key: keyof Filters, label: string, options: { id: string; name: string }[]) => (
    <TextField select size="small" label={label} value={filters[key]} onChange={set(key)} sx={{ minWidth: 180 }}>
      <MenuItem value="">Todos</MenuItem>
      {options.map((o) => <MenuItem key={o.id} value={o.id}>{o.name}</MenuItem>)}
    </TextField>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} role="search" aria-label="Filtros da auditoria">
      {select('type', 'Evento', eventTypeChoices)}
      {select('stream', 'Registro', streamChoices)}
      {select('actor', 'Autor', actors)}
      {select('impersonator', 'Suporte (personificação)', impersonators)}
      <TextField size="small" type="datetime-local" label="De" value={filters.from} onChange={set('from')} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField size="small" type="datetime-local" label="Até" value={filters.to} onChange={set('to')} slotProps={{ inputLabel: { shrink: true } }} />
      <Button size="small" onClick={() => onChange(noFilters)}>Limpar filtros</Button>
    </Box>
  );
};

const Timeline = ({ filters, onHistory }: { filters: Filters; onHistory: (stream: string) => void }) => {
  const [page, setPage] = useState(0);
  const [lastFilters, setLastFilters] = useState(filters);
  if (lastFilters !== filters) {
    setLastFilters(filters);
    setPage(0);
  }
  const query = {
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.stream ? { stream: filters.stream } : {}),
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.impersonator ? { impersonator: filters.impersonator } : {}),
    from: saoPauloInstant(filters.from, false),
    to: saoPauloInstant(filters.to, true),
    offset: page * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const { data, error, isPending } = useQuery({
    queryKey: ['audit-events', query],
    queryFn: async ({ signal }) => {
      const response = await apiFetch(apiUrl('audit/events', query), { signal });
      return { events: (await response.json()) as AuditEvent[], total: Number(response.headers.get('X-Total-Count') ?? 0) };
    },
  });
  if (isPending) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress /></Box>;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const first = data.total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + data.events.length;
  return (
    <Stack spacing={1.5}>
      {data.events.length === 0 && <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>Nenhum evento encontrado</Typography>}
      {data.events.map((e) => (
        <Card key={e.id} variant="outlined" component="article" aria-label={eventTypeLabel(e.type)} data-testid="audit-event">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}>
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{eventTypeLabel(e.type)}</Typography>
                <Typography variant="body2" color="text.secondary">{formatDateTime(e.occurredAt)} {actorText(e)}</Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" variant="outlined" label={streamLabel(e.streamId)} />
                {e.impersonatorUserId && <Chip size="small" color="warning" label="Suporte" />}
                <Button size="small" onClick={() => onHistory(e.streamId)}>Histórico</Button>
              </Stack>
            </Stack>
            <EventFields data={e.data} />
          </CardContent>
        </Card>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" color="text.secondary">{first}–{last} de {data.total}</Typography>
        <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>Mais recentes</Button>
        <Button size="small" disabled={last >= data.total} onClick={() => setPage(page + 1)}>Mais antigos</Button>
      </Stack>
    </Stack>
  );
};

const Audit = () => {
  const { user } = useCurrentUser();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [history, setHistory] = useState<string | null>(null);
  if (user && !canReadAudit(user.role)) {
    return <Alert severity="warning" sx={{ m: 2 }}>Apenas administradores e auditores da organização podem consultar a auditoria.</Alert>;
  }
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: '100%' }}>
      <Title title="Auditoria" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">Auditoria</Typography>
          <Typography variant="body2" color="text.secondary">Tudo o que foi registrado na organização, do mais recente ao mais antigo.</Typography>
        </Box>
        <ExportButton />
      </Stack>
      {user?.role === 'auditor' && user.auditAccess && (
        <Alert severity="info" sx={{ mb: 2 }}>Acesso de auditor (somente leitura) válido até {user.auditAccess.validUntil.split('-').reverse().join('/')}.</Alert>
      )}
      <Box sx={{ mb: 2 }}><VerifyBadge /></Box>
      <Box sx={{ mb: 2 }}><FilterBar filters={filters} onChange={setFilters} /></Box>
      <Timeline filters={filters} onHistory={setHistory} />
      <HistoryDialog stream={history} onClose={() => setHistory(null)} />
    </Box>
  );
};

export default Audit;
