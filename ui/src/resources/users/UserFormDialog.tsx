// 'Novo Usuário' and 'Editar Usuário': username, email, role (and the password, only on create).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, EditBase, Form, PasswordInput, SaveButton, SelectInput, TextInput, email, minLength, required, useNotify, useRefresh } from 'react-admin';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { createUserErrorDescription } from './passwordRules';
import { roleChoices } from './types';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';
const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres';

const UserFields = ({ creating, onCancel }: { creating: boolean; onCancel: () => void }) => (
  <Form>
    <DialogContent dividers>
      <TextInput source="username" label="Nome de usuário" validate={required(BOTH_REQUIRED)} fullWidth autoFocus />
      <TextInput source="email" label="Email" type="email" validate={[required(BOTH_REQUIRED), email('Email inválido')]} fullWidth />
      {creating && (
        <PasswordInput source="password" label="Senha" validate={[required('Senha é obrigatória'), minLength(6, PASSWORD_TOO_SHORT)]} fullWidth />
      )}
      <SelectInput source="role" label="Perfil" choices={roleChoices} validate={required()} fullWidth />
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>Cancelar</Button>
      <SaveButton label={creating ? 'Criar Usuário' : 'Salvar'} icon={<></>} alwaysEnable />
    </DialogActions>
  </Form>
);

/** `id` given: edit that user; otherwise create one (role user by default, spec §5). */
export const UserFormDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const done = () => {
    refresh();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="user-dialog-title">
      <DialogTitle id="user-dialog-title">{id ? 'Editar Usuário' : 'Novo Usuário'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="users" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{
          onSuccess: () => { notify(...toast('Usuário atualizado')); done(); },
          onError: (error: unknown) => notify(...toast('Erro ao atualizar usuário', errorMessage(error), 'error')),
        }}>
          <UserFields creating={false} onCancel={onClose} />
        </EditBase>
      ) : (
        <CreateBase resource="users" redirect={false} record={{ role: 'user' }} mutationOptions={{
          onSuccess: () => { notify(...toast('Usuário criado', 'O usuário foi criado com sucesso.')); done(); },
          onError: (error: unknown) => notify(...toast('Erro ao criar usuário', createUserErrorDescription(errorMessage(error)), 'error')),
        }}>
          <UserFields creating onCancel={onClose} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
