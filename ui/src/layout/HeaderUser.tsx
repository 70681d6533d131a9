// The header's user: avatar, username and role label (Administrador / Usuário / Super Admin); the
// avatar opens the user menu (Perfil, Sair).
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { Box, ButtonBase, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../providers/useCurrentUser';
import { UserAvatar } from './UserAvatar';

export const HeaderUser = () => {
  const { user } = useCurrentUser();
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const notify = useNotify();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <ButtonBase
        aria-label="Menu do usuário"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 1, mr: 1, borderRadius: 2, px: 0.5, py: 0.25, textAlign: 'left' }}
      >
        <UserAvatar username={user.username} avatar={user.avatar} size={32} />
        <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.1, maxWidth: 160 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {user.username}
          </Typography>
          <Typography variant="caption" component="p" sx={{ opacity: 0.8 }} noWrap>
            {translate(`fluxo.roles.${user.role}`)}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ px: 2, py: 1, maxWidth: 260 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>{user.username}</Typography>
          <Typography variant="caption" color="text.secondary" component="p" noWrap>{user.email}</Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => { close(); navigate('/profile'); }}>
          <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
          Perfil
        </MenuItem>
        <MenuItem onClick={() => { close(); logout({}, '/login', false).catch(() => notify('fluxo.errors.logout', { type: 'error' })); }}>
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          Sair
        </MenuItem>
      </Menu>
    </>
  );
};
