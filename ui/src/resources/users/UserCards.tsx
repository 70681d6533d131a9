// The Usuários cards (spec §2): Total de Usuários, Administradores (org_admin), Usuários Regulares (user),
// counted on the server (each is a list total), so they hold however many users there are.
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetList } from 'react-admin';

const useTotal = (filter: Record<string, unknown>) =>
  useGetList('users', { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'ASC' }, filter }).total;

const CountCard = ({ title, value }: { title: string; value: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5 }}>
        {value ?? <Skeleton width={60} />}
      </Typography>
    </CardContent>
  </Card>
);

export const UserCards = () => {
  const total = useTotal({});
  const admins = useTotal({ role: 'org_admin' });
  const regular = useTotal({ role: 'user' });
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}><CountCard title="Total de Usuários" value={total} /></Grid>
      <Grid size={{ xs: 12, md: 4 }}><CountCard title="Administradores" value={admins} /></Grid>
      <Grid size={{ xs: 12, md: 4 }}><CountCard title="Usuários Regulares" value={regular} /></Grid>
    </Grid>
  );
};
