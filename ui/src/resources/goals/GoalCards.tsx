// The Metas cards (spec §2): Total de Metas, Concluídas, Em Progresso, Valor Total — over every goal.
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext } from 'react-admin';
import { formatCurrency } from '../../lib/format';
import type { FluxoDataProvider } from '../../providers/dataProvider';

interface GoalSummary {
  count: number;
  completedCount: number;
  activeCount: number;
  totalTargetAmount: string;
}

const SummaryCard = ({ title, value }: { title: string; value?: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5 }}>{value ?? <Skeleton width={100} />}</Typography>
    </CardContent>
  </Card>
);

export const GoalCards = () => {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const { data } = useQuery({
    queryKey: ['financial-goals', 'summary', filterValues],
    queryFn: ({ signal }) => dataProvider.call<GoalSummary>('financial-goals/summary', { query: { filter: JSON.stringify(filterValues) }, signal }),
  });
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 6, md: 3 }}><SummaryCard title="Total de Metas" value={data && String(data.count)} /></Grid>
      <Grid size={{ xs: 6, md: 3 }}><SummaryCard title="Concluídas" value={data && String(data.completedCount)} /></Grid>
      <Grid size={{ xs: 6, md: 3 }}><SummaryCard title="Em Progresso" value={data && String(data.activeCount)} /></Grid>
      <Grid size={{ xs: 6, md: 3 }}><SummaryCard title="Valor Total" value={data && formatCurrency(data.totalTargetAmount)} /></Grid>
    </Grid>
  );
};
