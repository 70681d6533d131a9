// The admin's user dialogs: 'Novo Usuário' (username, email, organization, role, password) and
// 'Editar Usuário' (username, email, role).
import { ReferenceInput, SelectInput, required, useRecordContext } from 'react-admin';
import { AuditorWindowInputs, UserDialog, UserPasswordInput } from '../../resources/users/UserFormDialog';
import { roleChoices } from '../../resources/users/types';
import type { AdminUser } from './types';

const RoleInput = () => {
  const record = useRecordContext<AdminUser>();
  // A platform admin stays one; a tenant's user is user or org_admin.
  return record?.role === 'super_admin'
    ? <SelectInput source="role" label="Perfil" choices={[{ id: 'super_admin', name: 'Super Admin' }]} disabled fullWidth />
    : <SelectInput source="role" label="Perfil" choices={roleChoices} validate={required()} fullWidth />;
};

export const AdminUserDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <UserDialog resource="admin/users" open={open} id={id} onClose={onClose}>
    {!id && (
      <ReferenceInput source="organizationId" reference="admin/organizations" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
        <SelectInput label="Organização" optionText="name" validate={required('Organização é obrigatória')} fullWidth />
      </ReferenceInput>
    )}
    <RoleInput />
    <AuditorWindowInputs />
    {!id && <UserPasswordInput />}
  </UserDialog>
);
