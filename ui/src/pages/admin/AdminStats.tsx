// The admin panel's stat cards: organizations (all and active), users, and revenue across tenants.
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetList } from 'react-admin';
import { formatCurrency } from '../../lib/format';
import type { AdminOrganization } from './types';

const Stat = ({ title, value }: { title: string; value: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5 }}>{value ?? <Skeleton width={80} />}</Typography>
    </CardContent>
  </Card>
);

export const AdminStats = () => {
  const organizations = useGetList<AdminOrganization>('admin/organizations', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'createdAt', order: 'DESC' } });
  const users = useGetList('admin/users', { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } });
  const rows = organizations.data;
  const revenue = rows?.reduce((sum, org) => sum + Number(org.revenue), 0);
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}><Stat title="Total de Organizações" value={organizations.total} /></Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}><Stat title="Organizações Ativas" value={rows && rows.filter((o) => o.status === 'active').length} /></Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}><Stat title="Total de Usuários" value={users.total} /></Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}><Stat title="Receita Total" value={revenue === undefined ? undefined : formatCurrency(revenue)} /></Grid>
    </Grid>
  );
};
