// 'Alterar Minha Senha': every user may change their own password (current + new, at least 6 characters).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { PASSWORD_RULE } from './passwordRules';
import { Form, PasswordInput, SaveButton, minLength, required, useDataProvider, useNotify } from 'react-admin';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';

export const ChangePasswordDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await dataProvider.call('auth/change-password', { method: 'PUT', body: { currentPassword: values.currentPassword, newPassword: values.newPassword } });
      notify(...toast('Senha alterada', 'Sua senha foi alterada com sucesso'));
      onClose();
    } catch (error) {
      notify(...toast('Erro', errorMessage(error), 'error'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">Alterar Minha Senha</DialogTitle>
      {open && (
        <Form onSubmit={submit}>
          <DialogContent dividers>
            <PasswordInput source="currentPassword" label="Senha atual" validate={required('Senha atual obrigatória')} fullWidth autoFocus />
            <PasswordInput source="newPassword" label="Nova senha" helperText={PASSWORD_RULE} validate={[required('Nova senha obrigatória'), minLength(6, 'A senha deve ter pelo menos 6 caracteres')]} fullWidth />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancelar</Button>
            <SaveButton label="Alterar Senha" icon={<></>} alwaysEnable disabled={saving} />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};
