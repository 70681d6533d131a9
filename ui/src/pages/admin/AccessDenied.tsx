// What anyone but the super admin sees at /admin.
import BlockIcon from '@mui/icons-material/Block';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

export const AccessDenied = ({ message = 'Você não tem permissão para acessar o painel administrativo.' }: { message?: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
    <Title title="Acesso Negado" />
    <Card sx={{ maxWidth: 480, textAlign: 'center' }}>
      <CardContent sx={{ p: 4 }}>
        <BlockIcon color="error" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>Acesso Negado</Typography>
        <Typography color="text.secondary">{message}</Typography>
      </CardContent>
    </Card>
  </Box>
);
