// 'Nova Organização' / 'Editar Organização': name and slug (derived from the name until edited), and status.
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useEffect, useRef } from 'react';
import { CreateBase, EditBase, Form, SaveButton, SelectInput, TextInput, regex, required, useNotify, useRefresh } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { SLUG_PATTERN, slugify } from '../../lib/slug';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { statusChoices } from './types';

const BOTH_REQUIRED = 'Nome e slug são obrigatórios';

/** While creating, the slug follows the name until the person types a slug of their own. */
const SlugFromName = () => {
  const { setValue, getFieldState } = useFormContext();
  const name = useWatch({ name: 'name' }) as string | undefined;
  const touched = useRef(false);
  useEffect(() => {
    if (getFieldState('slug').isDirty && !touched.current) touched.current = true;
    if (!touched.current) setValue('slug', slugify(name ?? ''), { shouldValidate: false });
  }, [name, setValue, getFieldState]);
  return null;
};

const OrganizationFields = ({ creating, onCancel }: { creating: boolean; onCancel: () => void }) => (
  <Form>
    {creating && <SlugFromName />}
    <DialogContent dividers>
      <TextInput source="name" label="Nome da organização" validate={required(BOTH_REQUIRED)} fullWidth autoFocus />
      <TextInput source="slug" label="Slug" helperText="Apenas letras, números e hífens" validate={[required(BOTH_REQUIRED), regex(SLUG_PATTERN, 'Apenas letras minúsculas, números e hífens')]} fullWidth />
      {!creating && <SelectInput source="status" label="Status" choices={statusChoices} validate={required()} fullWidth />}
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel}>Cancelar</Button>
      <SaveButton label={creating ? 'Criar Organização' : 'Salvar'} icon={<></>} alwaysEnable />
    </DialogActions>
  </Form>
);

export const OrganizationDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const done = (title: string) => () => {
    notify(...toast(title));
    refresh();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="organization-dialog-title">
      <DialogTitle id="organization-dialog-title">{id ? 'Editar Organização' : 'Nova Organização'}</DialogTitle>
      {open && (id ? (
        <EditBase resource="admin/organizations" id={id} mutationMode="pessimistic" redirect={false} mutationOptions={{
          onSuccess: done('Organização atualizada'),
          onError: (error: unknown) => notify(...toast('Erro ao atualizar organização', errorMessage(error), 'error')),
        }}>
          <OrganizationFields creating={false} onCancel={onClose} />
        </EditBase>
      ) : (
        <CreateBase resource="admin/organizations" redirect={false} mutationOptions={{
          onSuccess: done('Organização criada com sucesso'),
          onError: (error: unknown) => notify(...toast('Erro ao criar organização', errorMessage(error), 'error')),
        }}>
          <OrganizationFields creating onCancel={onClose} />
        </CreateBase>
      ))}
    </Dialog>
  );
};
