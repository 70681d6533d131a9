// The user's avatar: their picture when they uploaded one, else their initials.
import { Avatar, type SxProps, type Theme } from '@mui/material';
import { initialsOf } from '../lib/initials';

interface UserAvatarProps {
  username?: string | null;
  avatar?: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}

export const UserAvatar = ({ username, avatar, size = 36, sx }: UserAvatarProps) => (
  <Avatar
    src={avatar ?? undefined}
    alt={username ?? undefined}
    sx={[{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', color: 'primary.contrastText' }, ...(Array.isArray(sx) ? sx : [sx])]}
  >
    {initialsOf(username)}
  </Avatar>
);
