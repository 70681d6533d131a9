// The header's user: avatar, username and role label (Administrador / Usuário / Super Admin).
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCurrentUser } from '../providers/useCurrentUser';
import { UserAvatar } from './UserAvatar';

export const HeaderUser = () => {
  const { user } = useCurrentUser();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 1, mr: 1 }}>
      <UserAvatar username={user.username} avatar={user.avatar} size={32} />
      <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {user.username}
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.8 }} noWrap>
          {translate(`fluxo.roles.${user.role}`)}
        </Typography>
      </Box>
    </Box>
  );
};
