// The projection for the next 3 months, computed by the server from real data, with its method named.
import { Box, Card, CardContent, CardHeader, Divider, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatCurrency } from '../../lib/format';
import type { Forecast } from '../dashboard/api';

const Line = ({ label, value, color }: { label: string; value: string; color?: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <Typography variant="body2" color="text.secondary">{label}</Typography>
    <Typography variant="body1" sx={{ fontWeight: 600, color }}>{formatCurrency(value)}</Typography>
  </Box>
);

export const ForecastCard = ({ forecast, isPending }: { forecast?: Forecast; isPending: boolean }) => (
  <Card variant="outlined" sx={{ height: '100%' }} aria-label="Projeção">
    <CardHeader
      title={`Projeção — próximos ${forecast?.monthsAhead ?? 3} meses`}
      subheader={forecast ? `Método: ${forecast.method}` : undefined}
      slotProps={{ title: { variant: 'h6', component: 'h2' } }}
    />
    <CardContent sx={{ pt: 0 }}>
      {isPending || !forecast ? (
        <Skeleton variant="rectangular" height={160} />
      ) : (
        <Stack spacing={1}>
          <Line label="Receita prevista" value={forecast.predictedIncome} color="success.main" />
          <Line label="Despesas previstas" value={forecast.predictedExpenses} color="error.main" />
          <Divider />
          <Line label="Saldo projetado" value={forecast.projectedBalance} color={Number(forecast.projectedBalance) < 0 ? 'error.main' : 'success.main'} />
          <TableContainer>
            <Table size="small" aria-label="Projeção por mês">
              <TableHead>
                <TableRow>
                  <TableCell>Mês</TableCell>
                  <TableCell align="right">Entradas</TableCell>
                  <TableCell align="right">Saídas</TableCell>
                  <TableCell align="right">Saldo</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {forecast.months.map((m) => (
                  <TableRow key={m.month}>
                    <TableCell>{m.label}</TableCell>
                    <TableCell align="right">{formatCurrency(m.income)}</TableCell>
                    <TableCell align="right">{formatCurrency(m.expenses)}</TableCell>
                    <TableCell align="right" sx={{ color: Number(m.balance) < 0 ? 'error.main' : undefined }}>{formatCurrency(m.balance)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      )}
    </CardContent>
  </Card>
);
