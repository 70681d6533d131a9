// The role badge: Administrador (org_admin), Usuário (user), Auditor, Super Admin, Analista.
import { Chip } from '@mui/material';

const labels = { org_admin: 'Administrador', user: 'Usuário', auditor: 'Auditor', super_admin: 'Super Admin', analyst: 'Analista' } as const;

export const RoleChip = ({ role }: { role: keyof typeof labels }) => (
  <Chip
    size="small"
    label={labels[role] ?? role}
    color={role === 'user' ? 'default' : role === 'org_admin' ? 'primary' : role === 'auditor' ? 'info' : 'secondary'}
    variant={role === 'user' ? 'outlined' : 'filled'}
  />
);
