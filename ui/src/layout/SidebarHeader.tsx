// Top of the sidebar: the user's avatar, the product name and the organization (or else the username).
import { Box, Typography } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import { useCurrentUser } from '../providers/useCurrentUser';
import { UserAvatar } from './UserAvatar';

export const SidebarHeader = () => {
  const { user } = useCurrentUser();
  const [open] = useSidebarState();
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: open ? 2 : 1,
        py: 2,
        mb: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <UserAvatar username={user?.username} avatar={user?.avatar} size={open ? 40 : 32} />
      {open && (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {translate('fluxo.name')}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {user?.organization?.name ?? user?.username}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
