// The 'Histórico' action of a record's row: opens its history (for org admins, auditors, and the super admin acting as the tenant).
import HistoryIcon from '@mui/icons-material/History';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { canReadAudit } from '../../providers/authProvider';
import { HistoryDialog } from './HistoryDialog';

/** Whether the signed-in person may open a record's history. */
export const useAuditReader = (): boolean => canReadAudit(useCurrentUser().user?.role);

export const HistoryButton = ({ stream, label }: { stream: string; label: string }) => {
  const reader = useAuditReader();
  const [open, setOpen] = useState(false);
  if (!reader) return null;
  return (
    <>
      <Tooltip title="Histórico">
        <IconButton size="small" aria-label={`Histórico de ${label}`} onClick={() => setOpen(true)}><HistoryIcon fontSize="small" /></IconButton>
      </Tooltip>
      <HistoryDialog stream={open ? stream : null} onClose={() => setOpen(false)} />
    </>
  );
};
