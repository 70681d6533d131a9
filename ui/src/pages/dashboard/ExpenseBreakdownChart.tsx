// The expense doughnut: this month's counted expenses by category, with the organization's colours.
// Its legend is a list (colour, category, R$ value, share) that wraps on a phone, and the total sits
// in the hole, so the figures can be read without hovering a slice.
import { Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCurrency } from '../../lib/format';
import { useExpenseBreakdown, type PeriodParams } from './api';

const formatShare = (percentage: number) => `${percentage.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

type Row = { name: string; value: number; amount: string; color: string; percentage: number };

const LegendList = ({ rows }: { rows: Row[] }) => (
  <Box component="ul" aria-label="Legenda: despesas por categoria" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.75 }}>
    {rows.map((row) => (
      <Box component="li" key={row.name} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: row.color, flexShrink: 0 }} />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.name}>
          {row.name}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatCurrency(row.amount)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ width: 52, textAlign: 'right', whiteSpace: 'nowrap' }}>{formatShare(row.percentage)}</Typography>
      </Box>
    ))}
  </Box>
);

export const ExpenseBreakdownChart = ({ params = {} }: { params?: PeriodParams }) => {
  const { data, isPending, error } = useExpenseBreakdown(params);
  const rows: Row[] | undefined = data?.items.map((item) => ({ name: item.name, value: Number(item.amount), amount: item.amount, color: item.color, percentage: item.percentage }));
  const total = data ? data.items.reduce((sum, item) => sum + Math.round(Number(item.amount) * 100), 0) / 100 : 0;
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
          <>
            <Box sx={{ width: '100%', height: 240, position: 'relative' }} data-testid="expense-breakdown-chart">
              <ResponsiveContainer>
                <PieChart>
                  <Pie data={rows} dataKey="value" nameKey="name" innerRadius="62%" outerRadius="92%" paddingAngle={2}>
                    {rows.map((row) => <Cell key={row.name} fill={row.color} />)}
                  </Pie>
                  <Tooltip formatter={(value, name, entry) => [`${formatCurrency(Number(value))} (${formatShare((entry.payload as Row).percentage)})`, name]} />
                </PieChart>
              </ResponsiveContainer>
              <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
                <Typography variant="caption" color="text.secondary">Total</Typography>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="expense-breakdown-total">{formatCurrency(total)}</Typography>
              </Box>
            </Box>
            <LegendList rows={rows} />
          </>
        )}
      </CardContent>
    </Card>
  );
};
