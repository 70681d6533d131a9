// The admin's user dialogs: 'Novo Usuário' (username, email, organization unless the role is the
// platform's 'Analista', role, password) and 'Editar Usuário' (username, email, role).
import { FormDataConsumer, ReferenceInput, SelectInput, required, useRecordContext, type RaRecord } from 'react-admin';
import { AuditorWindowInputs, UserDialog, UserPasswordInput } from '../../resources/users/UserFormDialog';
import { roleChoices } from '../../resources/users/types';
import type { AdminUser } from './types';

const ORGANIZATION_REQUIRED = 'Organização é obrigatória';
/** The platform analyst belongs to no organization: they see and rebuild the projections only. */
const analystChoice = { id: 'analyst', name: 'Analista' };

/** required(), except for an analyst; marked required so the label keeps its asterisk. */
const organizationRequired = Object.assign(
  (value: unknown, values: { role?: string }) => (values.role !== 'analyst' && !value ? ORGANIZATION_REQUIRED : undefined),
  { isRequired: true },
);

const RoleInput = () => {
  const record = useRecordContext<AdminUser>();
  // Platform roles stay what they are; a tenant's user is user, org_admin or auditor; only a new user may be an analyst.
  if (record?.role === 'super_admin') return <SelectInput source="role" label="Perfil" choices={[{ id: 'super_admin', name: 'Super Admin' }]} disabled fullWidth />;
  if (record?.role === 'analyst') return <SelectInput source="role" label="Perfil" choices={[analystChoice]} disabled fullWidth />;
  return <SelectInput source="role" label="Perfil" choices={record?.id ? roleChoices : [...roleChoices, analystChoice]} validate={required()} fullWidth />;
};

/** An analyst is created without an organization, even if one was picked before choosing 'Analista'. */
const withoutOrganizationForAnalyst = ({ organizationId, ...data }: RaRecord) => (data.role === 'analyst' ? data : { ...data, organizationId });

export const AdminUserDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <UserDialog resource="admin/users" open={open} id={id} onClose={onClose} transform={id ? undefined : withoutOrganizationForAnalyst}>
    {!id && (
      <FormDataConsumer<{ role?: string }>>
        {({ formData }) => formData.role !== 'analyst' && (
          <ReferenceInput source="organizationId" reference="admin/organizations" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
            <SelectInput label="Organização" optionText="name" validate={organizationRequired} fullWidth />
          </ReferenceInput>
        )}
      </FormDataConsumer>
    )}
    <RoleInput />
    <AuditorWindowInputs />
    {!id && <UserPasswordInput />}
  </UserDialog>
);
