// The Usuários screen (spec §2): 'Alterar Minha Senha' for everyone, 'Novo Usuário' and per-row reset
// password, edit and delete for editors — never on the signed-in user's own row.
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Box, Button, Card, CardContent, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, DeleteWithConfirmButton, List, SearchInput, TopToolbar, useListContext, useNotify, useRefresh } from 'react-admin';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { canEditData } from '../../providers/authProvider';
import { errorMessage } from '../../providers/httpClient';
import { useCurrentUser } from '../../providers/useCurrentUser';
import { SupportAccessCard } from '../../pages/admin/audit/SupportAccessCard';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { RoleChip } from './RoleChip';
import type { OrganizationUser } from './types';
import { UserCards } from './UserCards';
import { UserFormDialog } from './UserFormDialog';

const filters = [<SearchInput key="q" source="q" placeholder="Buscar usuários" alwaysOn />];

const Actions = ({ editor, onCreate, onChangePassword }: { editor: boolean; onCreate: () => void; onChangePassword: () => void }) => (
  <TopToolbar>
    <Button variant="outlined" startIcon={<KeyIcon />} onClick={onChangePassword}>Alterar Minha Senha</Button>
    {editor && <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>Novo Usuário</Button>}
  </TopToolbar>
);

const empty = <Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhum usuário encontrado</Box>;

const RowActions = ({ user, onEdit, onReset }: { user: OrganizationUser; onEdit: () => void; onReset: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
      <Tooltip title="Redefinir senha">
        <IconButton size="small" aria-label={`Redefinir senha de ${user.username}`} onClick={onReset}><LockResetIcon fontSize="small" /></IconButton>
      </Tooltip>
      <Tooltip title="Editar">
        <IconButton size="small" aria-label={`Editar ${user.username}`} onClick={onEdit}><EditIcon fontSize="small" /></IconButton>
      </Tooltip>
      <DeleteWithConfirmButton
        record={user}
        resource="users"
        label="Excluir"
        redirect={false}
        confirmTitle="Excluir usuário"
        confirmContent={`Excluir o usuário "${user.username}"? Esta ação não pode ser desfeita.`}
        mutationOptions={{
          onSuccess: () => { notify(...toast('Usuário deletado')); refresh(); },
          onError: (error: unknown) => notify(...toast('Erro ao deletar usuário', errorMessage(error), 'error')),
        }}
      />
    </Stack>
  );
};

const UserTable = ({ editor, selfId, onEdit, onReset }: { editor: boolean; selfId?: string; onEdit: (id: string) => void; onReset: (user: OrganizationUser) => void }) => {
  const { isPending } = useListContext();
  if (isPending) {
    return <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}><CircularProgress aria-label="Carregando usuários" /></Box>;
  }
  return (
    <DataTable<OrganizationUser> bulkActionButtons={false} rowClick={false} empty={empty}>
      <DataTable.Col source="username" label="Usuário" render={(u) => <Typography variant="body2" sx={{ fontWeight: 600 }}>{u.username}</Typography>} />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="createdAt" label="Criado" render={(u) => formatDate(u.createdAt)} />
      <DataTable.Col source="lastLogin" label="Último acesso" render={(u) => (u.lastLogin ? formatDateTime(u.lastLogin) : '')} />
      <DataTable.Col source="role" label="Perfil" render={(u) => <RoleChip role={u.role} />} />
      {editor && (
        <DataTable.Col label="Ações" disableSort render={(u) => (u.id === selfId ? null : <RowActions user={u as OrganizationUser} onEdit={() => onEdit(String(u.id))} onReset={() => onReset(u as OrganizationUser)} />)} />
      )}
    </DataTable>
  );
};

const NoOrganization = () => (
  <Card sx={{ mt: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h1">Usuários</Typography>
      <Typography color="text.secondary">Acesse uma organização pelo Painel Admin para gerenciar os usuários dela.</Typography>
    </CardContent>
  </Card>
);

const UserList = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  // The super admin has no organization of their own: they reach one through the admin panel.
  if (user && !user.organization) return <NoOrganization />;
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [resetting, setResetting] = useState<OrganizationUser | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <List
        resource="users"
        title="Usuários"
        component="div"
        sort={{ field: 'createdAt', order: 'ASC' }}
        perPage={25}
        filters={filters}
        actions={<Actions editor={editor} onCreate={() => setEditing({})} onChangePassword={() => setChangingPassword(true)} />}
        empty={false}
      >
        <Box sx={{ mt: 1, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Usuários</Typography>
          <Typography variant="body2" color="text.secondary">Gerencie os usuários da sua organização</Typography>
        </Box>
        <UserCards />
        <Card>
          <CardContent sx={{ pb: 0 }}>
            <Typography variant="h6" component="h2">Usuários da Organização</Typography>
          </CardContent>
          <UserTable editor={editor} selfId={user?.id} onEdit={(id) => setEditing({ id })} onReset={setResetting} />
        </Card>
      </List>
      {editor && <SupportAccessCard />}
      {editor && <UserFormDialog open={editing !== null} id={editing?.id} onClose={() => setEditing(null)} />}
      {editor && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
};

export default UserList;
