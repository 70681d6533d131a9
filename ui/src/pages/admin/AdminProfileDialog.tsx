// The admin panel's profile dialog: the super admin's name and email, and their password (spec §5's
// admin-style messages: 'Senha atual obrigatória', 'Senhas não coincidem', 'Senha muito curta'…).
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { toast } from '../../lib/toast';
import { refreshSession, type Session } from '../../providers/authProvider';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { adminPasswordProblem, PASSWORD_RULE } from '../../resources/users/passwordRules';

export const AdminProfileDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { user } = useCurrentUser();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const [profile, setProfile] = useState<{ username: string; email: string; currentPassword?: string } | null>(null);
  const [passwords, setPasswords] = useState({ current: '', next: '', confirmation: '' });
  const values = profile ?? { username: user?.username ?? '', email: user?.email ?? '' };

  const close = () => {
    setProfile(null);
    setPasswords({ current: '', next: '', confirmation: '' });
    onClose();
  };

  const saveProfile = async () => {
    if (!values.username.trim() || !values.email.trim()) return notify(...toast('Erro ao atualizar perfil', 'Nome de usuário e email são obrigatórios', 'error'));
    try {
      const { currentPassword, ...details } = values;
      const { message, ...session } = await dataProvider.call<Session & { message?: string }>('auth/profile', { method: 'PUT', body: { ...details, ...(currentPassword ? { currentPassword } : {}) } });
      await refreshSession(session);
      // A new email waits for its confirmation link: the message says so.
      notify(...toast('Perfil atualizado', message));
      setProfile(null);
    } catch (error) {
      notify(...toast('Erro ao atualizar perfil', errorMessage(error), 'error'));
    }
  };

  const changePassword = async () => {
    const problem = adminPasswordProblem(passwords.current, passwords.next, passwords.confirmation);
    if (problem) return notify(...toast(problem[0], problem[1], 'error'));
    try {
      await dataProvider.call('auth/change-password', { method: 'PUT', body: { currentPassword: passwords.current, newPassword: passwords.next } });
      notify(...toast('Senha alterada', 'Sua senha foi alterada com sucesso'));
      setPasswords({ current: '', next: '', confirmation: '' });
    } catch (error) {
      notify(...toast('Erro ao alterar senha', errorMessage(error), 'error'));
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="admin-profile-title">
      <DialogTitle id="admin-profile-title">Meu Perfil</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField label="Nome de usuário" value={values.username} onChange={(e) => setProfile({ ...values, username: e.target.value })} fullWidth />
          <TextField label="Email" type="email" value={values.email} onChange={(e) => setProfile({ ...values, email: e.target.value })} fullWidth />
          <TextField
            label="Senha atual (para alterar o email)" type="password" value={values.currentPassword ?? ''}
            onChange={(e) => setProfile({ ...values, currentPassword: e.target.value })} helperText="Necessária apenas para trocar o email" fullWidth
          />
          <Button variant="contained" onClick={() => void saveProfile()}>Salvar Perfil</Button>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>Alterar Senha</Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField label="Senha atual" type="password" value={passwords.current} onChange={(e) => setPasswords({ ...passwords, current: e.target.value })} fullWidth />
          <TextField label="Nova senha" type="password" value={passwords.next} onChange={(e) => setPasswords({ ...passwords, next: e.target.value })} helperText={PASSWORD_RULE} fullWidth />
          <TextField label="Confirmar nova senha" type="password" value={passwords.confirmation} onChange={(e) => setPasswords({ ...passwords, confirmation: e.target.value })} fullWidth />
          <Button variant="outlined" onClick={() => void changePassword()}>Alterar Senha</Button>
        </Box>
      </DialogContent>
      <DialogActions><Button onClick={close}>Fechar</Button></DialogActions>
    </Dialog>
  );
};
