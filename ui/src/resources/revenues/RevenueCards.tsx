// The Receitas cards (spec §2): Total de Receitas, Receitas Pendentes, Receitas Recebidas — totalled on
// the server over every revenue the list's filters match, not only the page on screen.
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext } from 'react-admin';
import { formatCurrency } from '../../lib/format';
import type { FluxoDataProvider } from '../../providers/dataProvider';

interface RevenueSummary {
  totalAmount: string;
  count: number;
  pendingCount: number;
  receivedCount: number;
}

const SummaryCard = ({ title, value, color }: { title: string; value?: string; color?: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5, color }}>
        {value ?? <Skeleton width={120} />}
      </Typography>
    </CardContent>
  </Card>
);

export const RevenueCards = () => {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const { data } = useQuery({
    queryKey: ['revenues', 'summary', filterValues],
    queryFn: ({ signal }) => dataProvider.call<RevenueSummary>('revenues/summary', { query: { filter: JSON.stringify(filterValues) }, signal }),
  });
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <SummaryCard title="Total de Receitas" value={data && formatCurrency(data.totalAmount)} color="success.main" />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SummaryCard title="Receitas Pendentes" value={data && String(data.pendingCount)} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SummaryCard title="Receitas Recebidas" value={data && String(data.receivedCount)} />
      </Grid>
    </Grid>
  );
};
