// 'Novo Usuário' and 'Editar Usuário': username, email, role (and the password, only on create).
import type { ReactNode } from 'react';
import { DateInput, FormDataConsumer, PasswordInput, SelectInput, TextInput, email, minLength, required } from 'react-admin';
import { FormDialog, type FormDialogProps } from '../../components/FormDialog';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { createUserErrorDescription, PASSWORD_RULE } from './passwordRules';
import { roleChoices } from './types';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';
const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres';

interface UserDialogProps {
  open: boolean;
  /** Given: edit that user; otherwise create one (role user by default, spec §5). */
  id?: string;
  onClose: () => void;
}

/** What the organization's and the admin's user dialogs share: titles, toasts, username and email; `children` follow them. */
export const UserDialog = ({ resource, open, id, onClose, transform, children }: UserDialogProps & Pick<FormDialogProps, 'transform'> & { resource: string; children: ReactNode }) => (
  <FormDialog
    resource={resource} open={open} id={id} onClose={onClose} maxWidth="xs" record={{ role: 'user' }} transform={transform}
    title={id ? 'Editar Usuário' : 'Novo Usuário'} submitLabel={id ? 'Salvar' : 'Criar Usuário'} submitIcon={<></>}
    saved={id ? toast('Usuário atualizado') : toast('Usuário criado', 'O usuário foi criado com sucesso.')}
    failed={(error) => (id
      ? toast('Erro ao atualizar usuário', errorMessage(error), 'error')
      : toast('Erro ao criar usuário', createUserErrorDescription(errorMessage(error)), 'error'))}
  >
    <TextInput source="username" label="Nome de usuário" validate={required(BOTH_REQUIRED)} fullWidth autoFocus />
    <TextInput source="email" label="Email" type="email" validate={[required(BOTH_REQUIRED), email('Email inválido')]} fullWidth />
    {children}
  </FormDialog>
);

/** The new user's password (create only). */
export const UserPasswordInput = () => (
  <PasswordInput source="password" label="Senha" helperText={PASSWORD_RULE} validate={[required('Senha é obrigatória'), minLength(6, PASSWORD_TOO_SHORT)]} fullWidth />
);

const WINDOW_REQUIRED = 'Informe o período de acesso do auditor';
const untilAfterFrom = (value: string | null, values: { auditValidFrom?: string | null }) =>
  value && values.auditValidFrom && value < values.auditValidFrom ? 'A data final do acesso deve ser igual ou posterior à data inicial' : undefined;

/** An auditor reads everything of the organization, writes nothing, and only between these two days. */
export const AuditorWindowInputs = () => (
  <FormDataConsumer<{ role?: string }>>
    {({ formData }) => formData.role === 'auditor' && (
      <>
        <DateInput source="auditValidFrom" label="Válido de" validate={required(WINDOW_REQUIRED)} fullWidth />
        <DateInput source="auditValidUntil" label="Válido até" validate={[required(WINDOW_REQUIRED), untilAfterFrom]} fullWidth
          helperText="Fora deste período o auditor não consegue entrar" />
      </>
    )}
  </FormDataConsumer>
);

export const UserFormDialog = ({ open, id, onClose }: UserDialogProps) => (
  <UserDialog resource="users" open={open} id={id} onClose={onClose}>
    {!id && <UserPasswordInput />}
    <SelectInput source="role" label="Perfil" choices={roleChoices} validate={required()} fullWidth />
    <AuditorWindowInputs />
  </UserDialog>
);
