// 'Nova Organização' / 'Editar Organização': name and slug (derived from the name until edited), and status.
import { useEffect, useRef } from 'react';
import { SelectInput, TextInput, regex, required } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
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

export const OrganizationDialog = ({ open, id, onClose }: { open: boolean; id?: string; onClose: () => void }) => (
  <FormDialog
    resource="admin/organizations" open={open} id={id} onClose={onClose} maxWidth="xs"
    title={id ? 'Editar Organização' : 'Nova Organização'} submitLabel={id ? 'Salvar' : 'Criar Organização'} submitIcon={<></>}
    saved={toast(id ? 'Organização atualizada' : 'Organização criada com sucesso')}
    failed={(error) => toast(id ? 'Erro ao atualizar organização' : 'Erro ao criar organização', errorMessage(error), 'error')}
  >
    {!id && <SlugFromName />}
    <TextInput source="name" label="Nome da organização" validate={required(BOTH_REQUIRED)} fullWidth autoFocus />
    <TextInput source="slug" label="Slug" helperText="Apenas letras, números e hífens" validate={[required(BOTH_REQUIRED), regex(SLUG_PATTERN, 'Apenas letras minúsculas, números e hífens')]} fullWidth />
    {id && <SelectInput source="status" label="Status" choices={statusChoices} validate={required()} fullWidth />}
  </FormDialog>
);
