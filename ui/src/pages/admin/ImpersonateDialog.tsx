// 'Acessar como organização': the super admin gives a reason, then acts as the tenant until 'Voltar ao Admin'
// (or one hour). Spec §4: the user is replaced, all data refreshed, and the app goes to /dashboard.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { refreshSession, type Session } from '../../providers/authProvider';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { queryClient } from '../../providers/queryClient';
import type { AdminOrganization } from './types';

export const ImpersonateDialog = ({ organization, onClose }: { organization: AdminOrganization | null; onClose: () => void }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  // Keeps the name on screen while the dialog closes.
  const lastName = useRef('');
  if (organization) lastName.current = organization.name;
  const start = async () => {
    if (!organization) return;
    setBusy(true);
    try {
      const session = await dataProvider.call<Session>('admin/impersonate', { method: 'POST', body: { organizationId: organization.id, reason } });
      queryClient.clear();
      await refreshSession(session);
      setReason('');
      onClose();
      navigate('/dashboard');
    } catch (error) {
      notify(...toast('Erro ao acessar organização', errorMessage(error), 'error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={organization !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="impersonate-title">
      <DialogTitle id="impersonate-title">Acessar como {lastName.current}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          Você verá e alterará os dados desta organização como se fosse um de seus administradores. O acesso termina em 1 hora ou ao clicar em 'Voltar ao Admin'.
        </DialogContentText>
        <Alert severity="info" sx={{ mb: 2 }}>Cada requisição e cada alteração feitas neste acesso ficam registradas e visíveis para os administradores da organização.</Alert>
        <TextField label="Motivo do acesso" value={reason} onChange={(e) => setReason(e.target.value)} required fullWidth multiline minRows={2} placeholder="Ex.: chamado de suporte nº 1234" autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" disabled={busy || reason.trim() === ''} onClick={() => void start()}>Acessar</Button>
      </DialogActions>
    </Dialog>
  );
};
