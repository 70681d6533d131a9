// The admin's user dialogs: 'Novo Usuário' (username, email, organization, role, password) and
// 'Editar Usuário' (username, email, role).
import { PasswordInput, ReferenceInput, SelectInput, TextInput, email, minLength, required, useRecordContext } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
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

export const AdminUserDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog
    resource="admin/users" open={open} id={id} onClose={onClose} maxWidth="xs" record={{ role: 'user' }}
    title={id ? 'Editar Usuário' : 'Novo Usuário'} submitLabel={id ? 'Salvar' : 'Criar Usuário'} submitIcon={<></>}
    saved={id ? toast('Usuário atualizado') : toast('Usuário criado', 'O usuário foi criado com sucesso.')}
    failed={(error) => (id
      ? toast('Erro ao atualizar usuário', errorMessage(error), 'error')
      : toast('Erro ao criar usuário', createUserErrorDescription(errorMessage(error)), 'error'))}
  >
    <TextInput source="username" label="Nome de usuário" validate={required(BOTH_REQUIRED)} fullWidth autoFocus />
    <TextInput source="email" label="Email" type="email" validate={[required(BOTH_REQUIRED), email('Email inválido')]} fullWidth />
    {!id && (
      <ReferenceInput source="organizationId" reference="admin/organizations" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
        <SelectInput label="Organização" optionText="name" validate={required('Organização é obrigatória')} fullWidth />
      </ReferenceInput>
    )}
    <RoleInput />
    {!id && <PasswordInput source="password" label="Senha" validate={[required('Senha é obrigatória'), minLength(6, 'A senha deve ter pelo menos 6 caracteres')]} fullWidth />}
  </FormDialog>
);
