// 'Histórico' of one record: every event of its stream, who and when, and the record after each.
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { formatDateTime } from '../../lib/format';
import { apiJson, errorMessage } from '../../providers/httpClient';
import { EventFields } from './EventFields';
import { changedFields, eventTypeLabel, streamLabel } from './labels';
import type { StreamHistory } from './types';

/** The record inside a folded state ({ kind: 'active', expense: {…} } → the expense, with its situation). */
export const recordOf = (state: unknown): Record<string, unknown> | null => {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const nested = Object.entries(s).find(([, v]) => v && typeof v === 'object' && !Array.isArray(v));
  const situation = s.kind ?? s.status;
  const base = nested ? (nested[1] as Record<string, unknown>) : Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'kind' && k !== 'status'));
  return situation === 'deleted' ? { ...base, situacao: 'Excluído' } : base;
};

export const actorText = (e: { actorName: string | null; actorUserId: string | null; impersonatorName: string | null; impersonatorUserId: string | null }) => {
  const actor = e.actorName ?? (e.actorUserId ? 'usuário removido' : 'sistema');
  const via = e.impersonatorUserId ? ` — suporte: ${e.impersonatorName ?? 'super admin'}` : '';
  return `por ${actor}${via}`;
};

/** `stream`: 'expense-<id>', … ; null keeps it closed. */
export const HistoryDialog = ({ stream, onClose }: { stream: string | null; onClose: () => void }) => {
  const { data, error, isPending } = useQuery({
    queryKey: ['audit-stream', stream],
    queryFn: ({ signal }) => apiJson<StreamHistory>(`audit/streams/${encodeURIComponent(stream as string)}`, { signal }),
    enabled: stream !== null,
  });
  return (
    <Dialog open={stream !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="history-title">
      <DialogTitle id="history-title">Histórico{stream ? ` — ${streamLabel(stream)}` : ''}</DialogTitle>
      <DialogContent dividers>
        {isPending && stream !== null && <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress /></Box>}
        {error && <Typography color="error">{errorMessage(error)}</Typography>}
        {data?.steps.map((step, index) => {
          const before = index > 0 ? recordOf(data.steps[index - 1].state) : null;
          const after = recordOf(step.state);
          return (
            <Fragment key={step.id}>
              {index > 0 && <Divider sx={{ my: 2 }} />}
              <Box component="section" aria-label={eventTypeLabel(step.type)} data-testid="history-step">
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{eventTypeLabel(step.type)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{formatDateTime(step.occurredAt)} {actorText(step)}</Typography>
                {after ? <EventFields data={after} highlight={index > 0 ? changedFields(before, after) : undefined} /> : <EventFields data={step.data} />}
              </Box>
            </Fragment>
          );
        })}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>Fechar</Button></DialogActions>
    </Dialog>
  );
};
