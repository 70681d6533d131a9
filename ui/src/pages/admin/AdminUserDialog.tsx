// The admin's user dialogs: 'Novo Usuário' (username, email, organization, role, password) and
// 'Editar Usuário' (username, email, role).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, EditBase, Form, PasswordInput, ReferenceInput, SaveButton, SelectInput, TextInput, email, minLength, required, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { createUserErrorDescription } from '../../resources/users/passwordRules';
import { roleChoices } from '../../resources/users/types';
import type { AdminUser } from './types';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';

const RoleInput = () => {
  const record = useRecordContext<AdminUser>();
  // A platform admin stays one; a tenant's user is user or org_admin.
  return record?.role === 'super_admin'
    ? <SelectInput source="role" label="Perfil" choices={[{ id: 'super_admin', name: 'Super Admin' }]} disabled fullWidth />
    : <SelectInput source="role" label="Perfil" choices={roleChoices} validate={required()} fullWidth />;
};

const UserFields = ({ creating, onCancel }: { creating: boolean; onCancel: () => void }) => (
  <Form>
    <DialogContent dividers>
      <TextInput source="username" label="Nome de usuário" validate={required(BOTH_REQUIRED)} fullWidth autoFocus />
      <TextInput source="email" label="Email" type="email" validate={[required(BOTH_REQUIRED), email('Email inválido')]} fullWidth />
      {creating && (
        <ReferenceInput source="organizationId" reference="admin/organizations" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
          <SelectInput label="Organização" optionText="name" validate={required('Organização é obrigatória')} fullWidth />
        </ReferenceInput>
      )}
      <RoleInput />
      {creating && <PasswordInput source="password" label="Senha" validate={[required('Senha é obrigatória'), minLength(6, 'A senha deve ter pelo menos 6 caracteres')]} fullWidth />}
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>Cancelar</Button>
      <SaveButton label={creating ? 'Criar Usuário' : 'Salvar'} icon={<></>} alwaysEnable />
    </DialogActions>
  </Form>
);

export const AdminUserDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const done = () => {
    refresh();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="admin-user-dialog-title">
      <DialogTitle id="admin-user-dialog-title">{id ? 'Editar Usuário' : 'Novo Usuário'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="admin/users" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{
          onSuccess: () => { notify(...toast('Usuário atualizado')); done(); },
          onError: (error: unknown) => notify(...toast('Erro ao atualizar usuário', errorMessage(error), 'error')),
        }}>
          <UserFields creating={false} onCancel={onClose} />
        </EditBase>
      ) : (
        <CreateBase resource="admin/users" redirect={false} record={{ role: 'user' }} mutationOptions={{
          onSuccess: () => { notify(...toast('Usuário criado', 'O usuário foi criado com sucesso.')); done(); },
          onError: (error: unknown) => notify(...toast('Erro ao criar usuário', createUserErrorDescription(errorMessage(error)), 'error')),
        }}>
          <UserFields creating onCancel={onClose} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
