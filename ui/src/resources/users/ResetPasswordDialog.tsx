// An editor resets another user's password ('Redefinindo senha para' the username); their sessions end.
// The super admin's panel uses it too, on the admin route for any user of the platform.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { PASSWORD_RULE } from './passwordRules';
import { Form, PasswordInput, SaveButton, minLength, required, useDataProvider, useNotify } from 'react-admin';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';

export const ResetPasswordDialog = ({ user, onClose, resource = 'organization/users' }: { user: { id: string; username: string } | null; onClose: () => void; resource?: 'organization/users' | 'admin/users' }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    if (!user) return;
    setSaving(true);
    try {
      await dataProvider.call(`${resource}/${user.id}/reset-password`, { method: 'PUT', body: { newPassword: values.newPassword } });
      notify(...toast('Senha redefinida', 'A senha foi redefinida com sucesso'));
      onClose();
    } catch (error) {
      notify(...toast('Erro', errorMessage(error), 'error'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={user !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
      <DialogTitle id="reset-password-title">Redefinir Senha</DialogTitle>
      {user && (
        <Form onSubmit={submit}>
          <DialogContent dividers>
            <DialogContentText sx={{ mb: 2 }}>
              Redefinindo senha para <strong>{user.username}</strong>
            </DialogContentText>
            <PasswordInput source="newPassword" label="Nova senha" helperText={PASSWORD_RULE} validate={[required('Nova senha obrigatória'), minLength(6, 'A senha deve ter pelo menos 6 caracteres')]} fullWidth autoFocus />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancelar</Button>
            <SaveButton label="Redefinir Senha" icon={<></>} alwaysEnable disabled={saving} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};
