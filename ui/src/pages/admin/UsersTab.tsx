// Usuários tab: every user of the platform with organization, role and last access; edit, reset password and delete.
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, DeleteWithConfirmButton, ListBase, Pagination, useNotify, useRefresh } from 'react-admin';
import { UserAvatar } from '../../layout/UserAvatar';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { ResetPasswordDialog } from '../../resources/users/ResetPasswordDialog';
import { RoleChip } from '../../resources/users/RoleChip';
import { AdminUserDialog } from './AdminUserDialog';
import { REMOVED_WITH_ORGANIZATION, type AdminUser } from './types';

const RowActions = ({ user, onEdit, onReset }: { user: AdminUser; onEdit: () => void; onReset: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Tooltip title="Editar"><IconButton size="small" aria-label={`Editar ${user.username}`} onClick={onEdit}><EditIcon fontSize="small" /></IconButton></Tooltip>
      <Tooltip title="Redefinir senha"><IconButton size="small" aria-label={`Redefinir senha de ${user.username}`} onClick={onReset}><LockResetIcon fontSize="small" /></IconButton></Tooltip>
      <DeleteWithConfirmButton
        record={user}
        resource="admin/users"
        label="Excluir"
        redirect={false}
        confirmTitle="Excluir usuário"
        confirmContent={`Excluir o usuário "${user.username}"? Esta ação não pode ser desfeita.`}
        mutationOptions={{
          onSuccess: () => { notify(...toast('Usuário deletado')); refresh(); },
          onError: (error: unknown) => {
            const message = errorMessage(error);
            // Spec §8: a user removed with their organization is already gone; the list catches up.
            if (message.includes('removido automaticamente')) {
              notify(...toast('Erro ao deletar usuário', REMOVED_WITH_ORGANIZATION, 'error'));
              refresh();
            } else {
              notify(...toast('Erro ao deletar usuário', message, 'error'));
            }
          },
        }}
      />
    </Stack>
  );
};

export const UsersTab = ({ search, creating, onCloseCreate }: { search: string; creating: boolean; onCloseCreate: () => void }) => {
  const { user: self } = useCurrentUser();
  const [editing, setEditing] = useState<string | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  return (
    <ListBase resource="admin/users" perPage={25} sort={{ field: 'createdAt', order: 'DESC' }} filter={search ? { q: search } : {}} disableSyncWithLocation>
      <DataTable<AdminUser> bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhum usuário encontrado</Box>}>
        <DataTable.Col source="username" label="Usuário" render={(u) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <UserAvatar username={u.username} avatar={u.avatar} size={28} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>{u.username}</Typography>
          </Stack>
        )} />
        <DataTable.Col source="email" label="Email" />
        <DataTable.Col source="organizationName" label="Organização" render={(u) => u.organizationName ?? '—'} />
        <DataTable.Col source="role" label="Perfil" render={(u) => <RoleChip role={u.role} />} />
        <DataTable.Col source="lastLogin" label="Último acesso" render={(u) => (u.lastLogin ? formatDateTime(u.lastLogin) : '')} />
        <DataTable.Col source="createdAt" label="Criado" render={(u) => formatDate(u.createdAt)} />
        <DataTable.Col label="Ações" disableSort render={(u) => (u.id === self?.id ? null : <RowActions user={u as AdminUser} onEdit={() => setEditing(String(u.id))} onReset={() => setResetting(u as AdminUser)} />)} />
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
      <ResetPasswordDialog resource="admin/users" user={resetting} onClose={() => setResetting(null)} />
      <AdminUserDialog open={creating || editing !== null} id={editing ?? undefined} onClose={() => { setEditing(null); onCloseCreate(); }} />
    </ListBase>
  );
};
