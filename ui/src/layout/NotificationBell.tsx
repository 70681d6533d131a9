// The header bell (spec §2, §9): unread count as a badge ('9+' above 9), the list polled every 30 s,
// a click marks one read and opens its screen, and 'Marcar todas como lidas' marks the rest.
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge, Box, Button, Divider, IconButton, List, ListItemButton, ListItemText, Popover, Tooltip, Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../lib/format';
import { toast } from '../lib/toast';
import type { FluxoDataProvider } from '../providers/dataProvider';
import { errorMessage } from '../providers/httpClient';

export const NOTIFICATION_POLL_MS = 30_000;

export interface Notification {
  id: string;
  type: 'insight_critical' | 'insight_warning' | 'system' | 'transaction';
  title: string;
  message: string;
  priority: 'low' | 'medium' | 'high' | 'critical';
  isRead: boolean;
  actionUrl: string | null;
  createdAt: string;
}

/** Spec §9: the badge shows the count, '9+' above 9, nothing at 0. */
export const badgeText = (unread: number): string | null => (unread <= 0 ? null : unread > 9 ? '9+' : String(unread));

const priorityColor: Record<Notification['priority'], string> = { critical: 'error.main', high: 'warning.main', medium: 'info.main', low: 'text.disabled' };
const QUERY_KEY = ['notifications'];

export const NotificationBell = () => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.call<Notification[]>('notifications', { signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
  const notifications = Array.isArray(data) ? data : [];
  const unread = notifications.filter((n) => !n.isRead).length;
  const refreshList = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const markRead = useMutation({
    mutationFn: (id: string) => dataProvider.call(`notifications/${id}/read`, { method: 'PATCH' }),
    onSettled: refreshList,
  });
  const markAll = useMutation({
    mutationFn: () => dataProvider.call('notifications/mark-all-read', { method: 'PATCH' }),
    onSuccess: () => notify(...toast('Notificações Marcadas', 'Todas as notificações foram marcadas como lidas.')),
    onError: (error) => notify(...toast('Erro', errorMessage(error), 'error')),
    onSettled: refreshList,
  });

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    setAnchor(null);
    if (notification.actionUrl) navigate(notification.actionUrl);
  };

  const badge = badgeText(unread);
  // 'Marcar todas como lidas' disables itself: focus moves to the panel first, or it would fall to the
  // page body and Escape would no longer close the panel.
  const panel = useRef<HTMLDivElement>(null);
  return (
    <>
      <Tooltip title="Notificações">
        <IconButton color="inherit" aria-label={badge ? `Notificações: ${badge} não lidas` : 'Notificações'} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={badge} color="error" data-testid="notification-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { ref: panel, tabIndex: -1, sx: { width: 380, maxHeight: 480 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>Notificações</Typography>
          <Button size="small" startIcon={<DoneAllIcon />} disabled={unread === 0 || markAll.isPending} onClick={() => {
          panel.current?.focus();
          markAll.mutate();
        }}>
            Marcar todas como lidas
          </Button>
        </Box>
        <Divider />
        {notifications.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>Nenhuma notificação</Typography>
        ) : (
          <List dense disablePadding aria-label="Lista de notificações">
            {notifications.map((n) => (
              <ListItemButton key={n.id} onClick={() => open(n)} sx={{ alignItems: 'flex-start', bgcolor: n.isRead ? undefined : 'action.hover' }}>
                <Box sx={{ width: 8, height: 8, borderRadius: '50%', mt: 1, mr: 1.5, flexShrink: 0, bgcolor: n.isRead ? 'transparent' : priorityColor[n.priority] }} />
                <ListItemText
                  primary={n.title}
                  secondary={
                    <>
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>{n.message}</Typography>
                      <Typography component="span" variant="caption" color="text.secondary">{formatDateTime(n.createdAt)}</Typography>
                    </>
                  }
                  slotProps={{ primary: { sx: { fontWeight: n.isRead ? 400 : 600 } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
};
