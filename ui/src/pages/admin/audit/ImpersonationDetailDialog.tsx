// One impersonation session's trail: every request made under it and every event it appended.
import {
  Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { formatDateTime } from '../../../lib/format';
import type { FluxoDataProvider } from '../../../providers/dataProvider';
import { errorMessage } from '../../../providers/httpClient';
import { EventFields } from '../../audit/EventFields';
import { eventTypeLabel, formatValue, streamLabel } from '../../audit/labels';
import { SessionStatus } from './SessionStatus';
import type { ImpersonationDetail } from './types';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 };

/** `path`: 'admin/impersonations/<id>' or 'organization/impersonations/<id>'; null keeps it closed. */
export const ImpersonationDetailDialog = ({ path, onClose }: { path: string | null; onClose: () => void }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['impersonation-detail', path],
    queryFn: ({ signal }) => dataProvider.call<ImpersonationDetail>(path as string, { signal }),
    enabled: path !== null,
  });
  return (
    <Dialog open={path !== null} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="impersonation-detail-title">
      <DialogTitle id="impersonation-detail-title">Trilha de auditoria do acesso</DialogTitle>
      <DialogContent dividers>
        {isPending && <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress /></Box>}
        {error && <Typography color="error">{errorMessage(error)}</Typography>}
        {data && (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, gap: 1, mb: 2 }}>
              <Typography variant="body2"><strong>Super admin:</strong> {data.superAdminName ?? data.superAdminId}</Typography>
              <Typography variant="body2"><strong>Organização:</strong> {data.organizationName ?? data.organizationId}</Typography>
              <Typography variant="body2"><strong>Início:</strong> {formatDateTime(data.startedAt)}</Typography>
              <Typography variant="body2"><strong>Fim:</strong> {data.endedAt ? formatDateTime(data.endedAt) : '—'} <SessionStatus session={data} /></Typography>
              <Typography variant="body2" sx={{ gridColumn: '1 / -1' }}><strong>Motivo:</strong> {data.reason}</Typography>
            </Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>Requisições ({data.requests.length})</Typography>
            <Table size="small" sx={{ mb: 3 }} aria-label="Requisições">
              <TableHead>
                <TableRow><TableCell>Horário</TableCell><TableCell>Método</TableCell><TableCell>Caminho</TableCell><TableCell>Enviado</TableCell><TableCell>Status</TableCell><TableCell>Duração</TableCell><TableCell>IP</TableCell><TableCell>Navegador</TableCell></TableRow>
              </TableHead>
              <TableBody>
                {data.requests.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{formatDateTime(r.at)}</TableCell>
                    <TableCell sx={mono}>{r.method}</TableCell>
                    <TableCell sx={mono}>{r.path}</TableCell>
                    <TableCell sx={{ maxWidth: 280, wordBreak: 'break-word' }}>
                      {r.query && <div>Parâmetros: {formatValue('query', r.query)}</div>}
                      {r.body != null && <div>Conteúdo: {formatValue('body', r.body)}</div>}
                    </TableCell>
                    <TableCell>{r.status}</TableCell>
                    <TableCell>{r.durationMs} ms</TableCell>
                    <TableCell sx={mono}>{r.ip ?? ''}</TableCell>
                    <TableCell sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={r.userAgent ?? ''}>{r.userAgent ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>Eventos ({data.events.length})</Typography>
            <Table size="small" aria-label="Eventos">
              <TableHead>
                <TableRow><TableCell>Horário</TableCell><TableCell>Evento</TableCell><TableCell>Registro</TableCell><TableCell>Dados</TableCell></TableRow>
              </TableHead>
              <TableBody>
                {data.events.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{formatDateTime(e.occurredAt)}</TableCell>
                    <TableCell>{eventTypeLabel(e.type)}</TableCell>
                    <TableCell>{streamLabel(e.streamId)}</TableCell>
                    <TableCell sx={{ minWidth: 280 }}><EventFields data={e.data} /></TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>Fechar</Button></DialogActions>
    </Dialog>
  );
};
