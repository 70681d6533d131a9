// Configurações (/profile): the avatar, the basic information and the password of the signed-in user.
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Alert, Box, Button, Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Form, PasswordInput, SaveButton, TextInput, Title, email, required, useDataProvider, useNotify } from 'react-admin';
import { UserAvatar } from '../layout/UserAvatar';
import { toast } from '../lib/toast';
import { refreshSession, type Session } from '../providers/authProvider';
import type { FluxoDataProvider } from '../providers/dataProvider';
import { errorMessage } from '../providers/httpClient';
import { useCurrentUser } from '../providers/useCurrentUser';
import { PASSWORD_RULE, validatePasswordChange } from '../resources/users/passwordRules';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const Profile = () => {
  const { user } = useCurrentUser();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [passwordFormKey, setPasswordFormKey] = useState(0);
  // A new email is only asked for: the server's message says a link went to it (the form shows the current one again).
  const [emailChangeNotice, setEmailChangeNotice] = useState<string>();
  const [profileFormKey, setProfileFormKey] = useState(0);

  if (!user) return null;

  const saveProfile = async (body: { username: string; email: string; avatar?: string | null; currentPassword?: string }) => {
    setBusy(true);
    try {
      const { message, ...session } = await dataProvider.call<Session & { message?: string }>('auth/profile', { method: 'PUT', body });
      await refreshSession(session);
      notify(...toast('Perfil atualizado', message ?? 'Suas informações foram salvas com sucesso'));
      if (message) {
        setEmailChangeNotice(message);
        setProfileFormKey((key) => key + 1);
      }
    } catch (error) {
      notify(...toast('Erro ao atualizar perfil', errorMessage(error), 'error'));
    } finally {
      setBusy(false);
    }
  };

  const pickAvatar = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return notify(...toast('Tipo de arquivo inválido', 'Por favor, selecione uma imagem', 'error'));
    if (file.size > AVATAR_MAX_BYTES) return notify(...toast('Arquivo muito grande', 'A imagem deve ter no máximo 2MB', 'error'));
    await saveProfile({ username: user.username, email: user.email, avatar: await readAsDataUrl(file) });
  };

  const changePassword = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.call('auth/change-password', { method: 'PUT', body: { currentPassword: values.currentPassword, newPassword: values.newPassword } });
      notify(...toast('Senha alterada', 'Sua senha foi alterada com sucesso'));
      setPasswordFormKey((key) => key + 1);
    } catch (error) {
      notify(...toast('Erro ao alterar senha', errorMessage(error), 'error'));
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Configurações" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Configurações</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>Gerencie seu perfil e sua senha</Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader title="Foto de Perfil" />
            <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
              <UserAvatar username={user.username} avatar={user.avatar} size={112} />
              <input ref={fileInput} type="file" accept="image/*" hidden aria-label="Selecionar foto de perfil" onChange={(e) => void pickAvatar(e.target.files?.[0])} />
              <Button variant="outlined" startIcon={<PhotoCameraIcon />} disabled={busy} onClick={() => fileInput.current?.click()}>Alterar Foto</Button>
              {user.avatar && <Button color="inherit" size="small" disabled={busy} onClick={() => void saveProfile({ username: user.username, email: user.email, avatar: null })}>Remover Foto</Button>}
              <Typography variant="caption" color="text.secondary">JPG, PNG, GIF ou WebP, até 2MB</Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card sx={{ mb: 2 }}>
            <CardHeader title="Informações Básicas" />
            <CardContent>
              {emailChangeNotice && <Alert severity="info" role="status" sx={{ mb: 2 }}>{emailChangeNotice}</Alert>}
              <Form
                key={profileFormKey}
                record={{ username: user.username, email: user.email }}
                onSubmit={(values: Record<string, unknown>) => saveProfile({
                  username: String(values.username), email: String(values.email), ...(values.currentPassword ? { currentPassword: String(values.currentPassword) } : {}),
                })}
              >
                <TextInput source="username" label="Nome de usuário" validate={required(BOTH_REQUIRED)} fullWidth />
                <TextInput source="email" label="Email" type="email" validate={[required(BOTH_REQUIRED), email('Email inválido')]} fullWidth />
                <PasswordInput source="currentPassword" label="Senha atual (para alterar o email)" helperText="Necessária apenas para trocar o email; o novo email vale depois de confirmado pelo link enviado a ele" fullWidth />
                <SaveButton label="Salvar Alterações" disabled={busy} />
              </Form>
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Alterar Senha" />
            <CardContent>
              <Form key={passwordFormKey} validate={validatePasswordChange} onSubmit={changePassword}>
                <PasswordInput source="currentPassword" label="Senha atual" fullWidth />
                <PasswordInput source="newPassword" label="Nova senha" helperText={PASSWORD_RULE} fullWidth />
                <PasswordInput source="confirmPassword" label="Confirmar nova senha" fullWidth />
                <SaveButton label="Alterar Senha" alwaysEnable />
              </Form>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
};

export default Profile;
