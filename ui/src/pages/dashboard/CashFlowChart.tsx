// The monthly cash-flow line chart (Entradas, Saídas, Saldo Líquido), shared by the dashboard and
// the cash-flow screen; the currency axis reads in thousands ('R$ 12K').
import { Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCurrency } from '../../lib/format';
import { thousands, useCashFlowChart, type PeriodParams } from './api';

const colors = { income: '#16a34a', expenses: '#dc2626', balance: '#4f46e5' } as const;
const SERIES_ORDER = ['income', 'expenses', 'balance'];

export const CashFlowChart = ({ title, subheader, period = {}, height = 300 }: { title: string; subheader?: string; period?: PeriodParams; height?: number }) => {
  const { data, isPending, error } = useCashFlowChart(period);
  const rows = data?.labels.map((label, i) => ({
    label,
    ...Object.fromEntries(data.datasets.map((dataset) => [dataset.key, dataset.data[i] ?? 0])),
  }));
  // Nothing moved in the period: the months stay on their axis, over a scale of R$ 0 to R$ 1K (an
  // all-zero series gives recharts a scale of zero height, labelled 'R$ 0K' five times).
  const empty = data !== undefined && data.datasets.every((dataset) => dataset.data.every((value) => !value));
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label={title}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        {isPending ? (
          <Skeleton variant="rectangular" height={height} />
        ) : error || !data || !rows ? (
          <Typography color="error">Não foi possível carregar o gráfico.</Typography>
        ) : (
          <>
            {empty && <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>Nenhuma movimentação no período.</Typography>}
            <Box sx={{ width: '100%', height }} data-testid="cash-flow-chart">
              <ResponsiveContainer>
                <LineChart data={rows} margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis tickFormatter={thousands} width={80} {...(empty ? { domain: [0, 1000], ticks: [0, 500, 1000] } : {})} />
                  <Tooltip formatter={(value) => formatCurrency(Number(value))} />
                  <Legend itemSorter={(item) => SERIES_ORDER.indexOf(String(item.dataKey))} />
                  {data.datasets.map((dataset) => (
                    <Line key={dataset.key} type="monotone" dataKey={dataset.key} name={dataset.label} stroke={colors[dataset.key]} strokeWidth={2} dot={{ r: 3 }} />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
};
