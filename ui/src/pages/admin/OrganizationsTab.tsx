// Organizações tab: every tenant with its status, users and revenue; access (impersonate), edit, delete.
import EditIcon from '@mui/icons-material/Edit';
import LoginIcon from '@mui/icons-material/Login';
import { Box, Button, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { useState } from 'react';
import { DataTable, DeleteWithConfirmButton, ListBase, Pagination, useNotify, useRefresh } from 'react-admin';
import { formatCurrency, formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../providers/httpClient';
import { ImpersonateDialog } from './ImpersonateDialog';
import { OrganizationDialog } from './OrganizationDialog';
import { statusChoices, type AdminOrganization } from './types';

const statusColors = { active: 'success', inactive: 'default', suspended: 'warning' } as const;

export const OrganizationStatusChip = ({ status }: { status: AdminOrganization['status'] }) => (
  <Chip size="small" color={statusColors[status]} label={statusChoices.find((c) => c.id === status)?.name ?? status} />
);

const RowActions = ({ org, onAccess, onEdit }: { org: AdminOrganization; onAccess: () => void; onEdit: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Button size="small" startIcon={<LoginIcon />} onClick={onAccess}>Acessar</Button>
      <Tooltip title="Editar"><IconButton size="small" aria-label={`Editar ${org.name}`} onClick={onEdit}><EditIcon fontSize="small" /></IconButton></Tooltip>
      <DeleteWithConfirmButton
        record={org}
        resource="admin/organizations"
        label="Excluir"
        redirect={false}
        confirmTitle="Excluir organização"
        confirmContent={`Excluir "${org.name}"? Os usuários desta organização perderão o acesso. Esta ação não pode ser desfeita.`}
        mutationOptions={{
          onSuccess: () => { notify(...toast('Organização deletada')); refresh(); },
          onError: (error: unknown) => notify(...toast('Erro ao deletar organização', errorMessage(error), 'error')),
        }}
      />
    </Stack>
  );
};

export const OrganizationsTab = ({ search, creating, onCloseCreate }: { search: string; creating: boolean; onCloseCreate: () => void }) => {
  const [editing, setEditing] = useState<string | null>(null);
  const [accessing, setAccessing] = useState<AdminOrganization | null>(null);
  return (
    <ListBase resource="admin/organizations" perPage={25} sort={{ field: 'createdAt', order: 'DESC' }} filter={search ? { q: search } : {}} disableSyncWithLocation>
      <DataTable<AdminOrganization> bulkActionButtons={false} rowClick={false} empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhuma organização encontrada</Box>}>
        <DataTable.Col source="name" label="Organização" />
        <DataTable.Col source="slug" label="Slug" />
        <DataTable.Col source="status" label="Status" render={(o) => <OrganizationStatusChip status={o.status} />} />
        <DataTable.Col source="userCount" label="Usuários" align="right" />
        <DataTable.Col source="revenue" label="Receita" align="right" render={(o) => formatCurrency(o.revenue)} />
        <DataTable.Col source="createdAt" label="Criada em" render={(o) => formatDate(o.createdAt)} />
        <DataTable.Col label="Ações" disableSort render={(o) => <RowActions org={o as AdminOrganization} onAccess={() => setAccessing(o as AdminOrganization)} onEdit={() => setEditing(String(o.id))} />} />
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
      <OrganizationDialog open={creating || editing !== null} id={editing ?? undefined} onClose={() => { setEditing(null); onCloseCreate(); }} />
      <ImpersonateDialog organization={accessing} onClose={() => setAccessing(null)} />
    </ListBase>
  );
};
