// The category manager (editors only): the organization's expense categories, with create, edit,
// activate/deactivate and delete — never for a default category, and refused with the server's
// message while expenses use it.
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, List, ListItem, ListItemIcon, ListItemText,
  Stack, Switch, Tooltip, Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  Confirm, Form, FormDataConsumer, SaveButton, TextInput, required, useCreate, useDelete, useGetList, useNotify, useRefresh, useUpdate,
} from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { nextCategoryColor } from './palette';
import { categorySlug } from './slug';
import { DEFAULT_COLOR, type Category } from './useCategories';

type CategoryForm = { name: string; description: string | null; color: string };

export const CategoryManagerDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { data: categories = [] } = useGetList<Category>('categories', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } }, { enabled: open });
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  const fail = (error: unknown) => notify(errorMessage(error), { type: 'error' });

  const save = async (values: Partial<CategoryForm>) => {
    const data = { name: values.name, description: values.description || null, color: values.color || DEFAULT_COLOR };
    if (editing) {
      await update('categories', { id: editing.id, data, previousData: editing }, { mutationMode: 'pessimistic', onSuccess: () => { notify('Categoria atualizada', { type: 'success' }); setEditing(null); refresh(); }, onError: fail });
    } else {
      await create('categories', { data }, { onSuccess: () => { notify('Categoria criada', { type: 'success' }); refresh(); }, onError: fail });
    }
  };

  const toggle = (category: Category) =>
    update('categories', { id: category.id, data: { isActive: !category.isActive }, previousData: category }, { mutationMode: 'pessimistic', onSuccess: refresh, onError: fail });

  const confirmDelete = () => {
    if (!deleting) return;
    remove('categories', { id: deleting.id, previousData: deleting }, {
      mutationMode: 'pessimistic',
      onSuccess: () => { notify('Categoria excluída', { type: 'success' }); refresh(); },
      onError: fail,
    });
    setDeleting(null);
  };

  const record: CategoryForm = editing
    ? { name: editing.name, description: editing.description, color: editing.color }
    : { name: '', description: null, color: nextCategoryColor(categories.map((c) => c.color)) };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="category-manager-title">
      <DialogTitle id="category-manager-title">Gerenciar Categorias</DialogTitle>
      <DialogContent dividers>
        <Form key={editing?.id ?? `new-${record.color}`} record={record} onSubmit={save} resetOptions={{ keepDirtyValues: false }}>
          <Typography variant="subtitle2" gutterBottom>{editing ? `Editar categoria: ${editing.name}` : 'Nova categoria'}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextInput source="name" label="Nome" validate={required('Nome é obrigatório')} />
            <TextInput source="color" label="Cor" type="color" sx={{ width: 90 }} />
          </Stack>
          <TextInput source="description" label="Descrição" fullWidth />
          <FormDataConsumer>
            {({ formData }) => (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                Slug: {editing ? editing.slug : categorySlug(formData.name ?? '') || '—'}
              </Typography>
            )}
          </FormDataConsumer>
          <Stack direction="row" spacing={1}>
            <SaveButton label={editing ? 'Salvar Alterações' : 'Adicionar Categoria'} alwaysEnable />
            {editing && <Button onClick={() => setEditing(null)}>Cancelar edição</Button>}
          </Stack>
        </Form>
        <Divider sx={{ my: 2 }} />
        <List dense aria-label="Categorias">
          {categories.map((category) => (
            <ListItem key={category.id} sx={{ pr: 17 }} secondaryAction={
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Tooltip title={category.isActive ? 'Ativa' : 'Inativa'}>
                  <Switch size="small" checked={category.isActive} onChange={() => toggle(category)} slotProps={{ input: { 'aria-label': `Ativar ${category.name}` } }} />
                </Tooltip>
                <IconButton size="small" aria-label={`Editar ${category.name}`} onClick={() => setEditing(category)}><EditIcon fontSize="small" /></IconButton>
                {!category.isDefault && (
                  <IconButton size="small" aria-label={`Excluir ${category.name}`} onClick={() => setDeleting(category)}><DeleteOutlineIcon fontSize="small" /></IconButton>
                )}
              </Stack>
            }>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <Box sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: category.color }} />
              </ListItemIcon>
              <ListItemText
                primary={<>{category.name} {category.isDefault && <Chip size="small" label="Padrão" sx={{ ml: 1 }} />}{!category.isActive && <Chip size="small" label="Inativa" sx={{ ml: 1 }} />}</>}
                secondary={category.description ? `${category.slug} · ${category.description}` : category.slug}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
      </DialogActions>
      <Confirm
        isOpen={deleting !== null}
        title="Excluir categoria"
        content={`Excluir a categoria "${deleting?.name ?? ''}"? Esta ação não pode ser desfeita.`}
        confirm="Excluir"
        cancel="Cancelar"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
};
