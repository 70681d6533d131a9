// An impersonation session's state: in progress, ended by the super admin, or expired.
import { Chip } from '@mui/material';
import type { ImpersonationSession } from './types';

export const SessionStatus = ({ session }: { session: Pick<ImpersonationSession, 'status' | 'endReason'> }) =>
  session.status === 'active'
    ? <Chip size="small" color="warning" label="Em andamento" />
    : <Chip size="small" variant="outlined" label={session.endReason === 'expired' ? 'Expirada' : 'Encerrada'} />;
