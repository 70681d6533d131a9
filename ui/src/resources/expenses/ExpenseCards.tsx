// The Despesas screen's three cards, totalled on the server over every expense the filters match.
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext } from 'react-admin';
import { formatCurrency } from '../../lib/format';
import type { FluxoDataProvider } from '../../providers/dataProvider';

interface ExpenseSummary {
  count: number;
  totalAmount: string;
  pendingCount: number;
  pendingAmount: string;
  approvedCount: number;
  approvedAmount: string;
}

const SummaryCard = ({ title, value, caption }: { title: string; value?: string; caption?: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
        {value ?? <Skeleton width={120} />}
      </Typography>
      {caption && <Typography variant="caption" color="text.secondary">{caption}</Typography>}
    </CardContent>
  </Card>
);

export const ExpenseCards = () => {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const { data } = useQuery({
    queryKey: ['expenses', 'summary', filterValues],
    queryFn: () => dataProvider.call<ExpenseSummary>('expenses/summary', { query: { filter: JSON.stringify(filterValues) } }),
  });
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <SummaryCard title="Total de Despesas" value={data && formatCurrency(data.totalAmount)} caption={data && plural(data.count, 'despesa', 'despesas')} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SummaryCard title="Despesas Pendentes" value={data && String(data.pendingCount)} caption={data && formatCurrency(data.pendingAmount)} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SummaryCard title="Despesas Aprovadas" value={data && String(data.approvedCount)} caption={data && formatCurrency(data.approvedAmount)} />
      </Grid>
    </Grid>
  );
};
