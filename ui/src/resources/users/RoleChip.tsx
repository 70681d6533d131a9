// The role badge: Administrador (org_admin), Usuário (user), Super Admin.
import { Chip } from '@mui/material';

const labels = { org_admin: 'Administrador', user: 'Usuário', super_admin: 'Super Admin' } as const;

export const RoleChip = ({ role }: { role: keyof typeof labels }) => (
  <Chip
    size="small"
    label={labels[role] ?? role}
    color={role === 'user' ? 'default' : role === 'org_admin' ? 'primary' : 'secondary'}
    variant={role === 'user' ? 'outlined' : 'filled'}
  />
);
