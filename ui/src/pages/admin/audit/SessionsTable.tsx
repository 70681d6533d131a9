// A list of impersonation sessions (who, which organization, start, end, how many actions); a click opens its trail.
import { Box } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListBase, Pagination } from 'react-admin';
import { formatDateTime } from '../../../lib/format';
import { ImpersonationDetailDialog } from './ImpersonationDetailDialog';
import { SessionStatus } from './SessionStatus';
import type { ImpersonationSession } from './types';

/** `resource`: 'admin/impersonations' (every session) or 'organization/impersonations' (this tenant's). */
export const SessionsTable = ({ resource, showOrganization }: { resource: string; showOrganization: boolean }) => {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <ListBase resource={resource} perPage={10} sort={{ field: 'startedAt', order: 'DESC' }} disableSyncWithLocation>
      <DataTable<ImpersonationSession>
        bulkActionButtons={false}
        rowClick={(id) => { setOpenId(String(id)); return false; }}
        empty={<Box sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>Nenhum acesso registrado</Box>}
      >
        <DataTable.Col source="startedAt" label="Início" render={(s) => formatDateTime(s.startedAt)} />
        <DataTable.Col source="endedAt" label="Fim" render={(s) => (s.endedAt ? formatDateTime(s.endedAt) : '—')} />
        <DataTable.Col source="superAdminName" label="Super admin" disableSort={!showOrganization} render={(s) => s.superAdminName ?? s.superAdminId} />
        {showOrganization && <DataTable.Col source="organizationName" label="Organização" />}
        <DataTable.Col source="reason" label="Motivo" disableSort />
        <DataTable.Col source="requestCount" label="Requisições" disableSort align="right" />
        <DataTable.Col source="eventCount" label="Alterações" disableSort align="right" />
        <DataTable.Col source="status" label="Status" disableSort render={(s) => <SessionStatus session={s as ImpersonationSession} />} />
      </DataTable>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
      <ImpersonationDetailDialog path={openId ? `${resource}/${openId}` : null} onClose={() => setOpenId(null)} />
    </ListBase>
  );
};
