// The banner shown while the super admin acts as a tenant; 'Voltar ao Admin' ends it (spec §4: the user
// is replaced, all data refreshed, and the app goes to /admin).
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { refreshSession, type Session } from '../../providers/authProvider';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { queryClient } from '../../providers/queryClient';
import { useCurrentUser } from '../../providers/useCurrentUser';

export const ImpersonationBanner = () => {
  const { user } = useCurrentUser();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!user?.isImpersonating) return null;

  const stop = async () => {
    setBusy(true);
    try {
      const session = await dataProvider.call<Session>('admin/stop-impersonation', { method: 'POST' });
      queryClient.clear();
      await refreshSession(session);
      navigate('/admin');
    } catch (error) {
      notify(...toast('Erro ao voltar ao admin', errorMessage(error), 'error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      icon={<SupportAgentIcon />}
      role="status"
      sx={{ borderRadius: 0, mb: 1, alignItems: 'center' }}
      action={<Button color="inherit" variant="outlined" size="small" disabled={busy} onClick={() => void stop()}>Voltar ao Admin</Button>}
    >
      Você está acessando <strong>{user.organization?.name}</strong> como administrador da plataforma. Cada ação fica registrada.
    </Alert>
  );
};
