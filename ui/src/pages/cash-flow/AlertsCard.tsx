// Alerts derived from the data: a negative projection, payments due in the next 7 days, expected receipts.
import { Alert, AlertTitle, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from '@mui/material';
import type { Forecast } from '../dashboard/api';

const severity = { critical: 'error', warning: 'warning', info: 'info' } as const;

export const AlertsCard = ({ forecast, isPending }: { forecast?: Forecast; isPending: boolean }) => (
  <Card variant="outlined" sx={{ height: '100%' }} aria-label="Alertas">
    <CardHeader title="Alertas" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
    <CardContent sx={{ pt: 0 }}>
      {isPending || !forecast ? (
        [0, 1, 2].map((i) => <Skeleton key={i} height={64} />)
      ) : forecast.alerts.length === 0 ? (
        <Typography color="text.secondary">Nenhum alerta: sem saldo negativo previsto nem vencimentos nos próximos 7 dias.</Typography>
      ) : (
        <Stack spacing={1}>
          {forecast.alerts.map((alert, i) => (
            <Alert key={`${alert.kind}-${i}`} severity={severity[alert.severity]} variant="outlined">
              <AlertTitle>{alert.title}</AlertTitle>
              {alert.message}
            </Alert>
          ))}
        </Stack>
      )}
    </CardContent>
  </Card>
);
