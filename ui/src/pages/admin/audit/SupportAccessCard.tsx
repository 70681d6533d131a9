// For the organization's admins: the platform support sessions that acted as this organization.
import { Card, CardContent, Typography } from '@mui/material';
import { SessionsTable } from './SessionsTable';

export const SupportAccessCard = () => (
  <Card sx={{ mt: 2 }}>
    <CardContent sx={{ pb: 0 }}>
      <Typography variant="h6" component="h2">Acessos do Suporte</Typography>
      <Typography variant="body2" color="text.secondary">
        Sessões em que um administrador da plataforma acessou esta organização. Cada requisição e cada alteração ficam registradas.
      </Typography>
    </CardContent>
    <SessionsTable resource="organization/impersonations" showOrganization={false} />
  </Card>
);
