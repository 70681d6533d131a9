// The expense doughnut: this month's counted expenses by category, with the organization's colours.
import { Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCurrency } from '../../lib/format';
import { useExpenseBreakdown, type PeriodParams } from './api';

export const ExpenseBreakdownChart = ({ params = {} }: { params?: PeriodParams }) => {
  const { data, isPending, error } = useExpenseBreakdown(params);
  const rows = data?.items.map((item) => ({ name: item.name, value: Number(item.amount), color: item.color, percentage: item.percentage }));
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label="Despesas por Categoria">
      <CardHeader title="Despesas por Categoria" subheader="Mês atual" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        {isPending ? (
          <Skeleton variant="circular" width={220} height={220} sx={{ mx: 'auto' }} />
        ) : error || !rows ? (
          <Typography color="error">Não foi possível carregar o gráfico.</Typography>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>Nenhuma despesa neste mês.</Typography>
        ) : (
          <Box sx={{ width: '100%', height: 300 }} data-testid="expense-breakdown-chart">
            <ResponsiveContainer>
              <PieChart>
                <Pie data={rows} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="85%" paddingAngle={2}>
                  {rows.map((row) => <Cell key={row.name} fill={row.color} />)}
                </Pie>
                <Tooltip formatter={(value, name, entry) => [`${formatCurrency(Number(value))} (${String((entry.payload as { percentage: number }).percentage).replace('.', ',')}%)`, name]} />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
