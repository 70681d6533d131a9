// The sidebar's 'Sair': ends the session on the server, then react-admin clears its cache and opens /login.
import LogoutIcon from '@mui/icons-material/Logout';
import { ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material';
import { useLogout, useNotify, useSidebarState, useTranslate } from 'react-admin';

export const LogoutMenuItem = () => {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const label = translate('fluxo.menu.logout');

  const handleClick = () => {
    logout({}, '/login', false).catch(() => notify('fluxo.errors.logout', { type: 'error' }));
  };

  const item = (
    <MenuItem onClick={handleClick} sx={{ color: 'text.secondary', '& .MuiListItemIcon-root': { minWidth: 40 } }}>
      <ListItemIcon>
        <LogoutIcon />
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        {label}
      </Typography>
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  );
};
