// 'Novo Usuário' and 'Editar Usuário': username, email, role (and the password, only on create).
import { PasswordInput, SelectInput, TextInput, email, minLength, required } from 'react-admin';
import { FormDialog } from '../../components/FormDialog';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { createUserErrorDescription } from './passwordRules';
import { roleChoices } from './types';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';
const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres';

/** `id` given: edit that user; otherwise create one (role user by default, spec §5). */
export const UserFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog
    resource="users" open={open} id={id} onClose={onClose} maxWidth="xs" record={{ role: 'user' }}
    title={id ? 'Editar Usuário' : 'Novo Usuário'} submitLabel={id ? 'Salvar' : 'Criar Usuário'} submitIcon={<></>}
    saved={id ? toast('Usuário atualizado') : toast('Usuário criado', 'O usuário foi criado com sucesso.')}
    failed={(error) => (id
      ? toast('Erro ao atualizar usuário', errorMessage(error), 'error')
      : toast('Erro ao criar usuário', createUserErrorDescription(errorMessage(error)), 'error'))}
  >
    <TextInput source="username" label="Nome de usuário" validate={required(BOTH_REQUIRED)} fullWidth autoFocus />
    <TextInput source="email" label="Email" type="email" validate={[required(BOTH_REQUIRED), email('Email inválido')]} fullWidth />
    {!id && <PasswordInput source="password" label="Senha" validate={[required('Senha é obrigatória'), minLength(6, PASSWORD_TOO_SHORT)]} fullWidth />}
    <SelectInput source="role" label="Perfil" choices={roleChoices} validate={required()} fullWidth />
  </FormDialog>
);
