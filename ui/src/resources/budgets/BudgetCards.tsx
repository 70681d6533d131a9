// The Orçamento screen's three totals cards, summed on the server over the filtered budgets.
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext } from 'react-admin';
import { formatCurrency } from '../../lib/format';
import type { FluxoDataProvider } from '../../providers/dataProvider';

interface BudgetSummary {
  count: number;
  totalBudget: string;
  totalSpent: string;
  totalRemaining: string;
  warningCount: number;
  exceededCount: number;
}

const TotalCard = ({ title, value, caption, color }: { title: string; value?: string; caption?: string; color?: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5, color }}>{value ?? <Skeleton width={120} />}</Typography>
      {caption && <Typography variant="caption" color="text.secondary">{caption}</Typography>}
    </CardContent>
  </Card>
);

export const BudgetCards = () => {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const { data } = useQuery({
    queryKey: ['budgets', 'summary', filterValues],
    queryFn: () => dataProvider.call<BudgetSummary>('budgets/summary', { query: { filter: JSON.stringify(filterValues) } }),
  });
  const negative = data && Number(data.totalRemaining) < 0;
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <TotalCard title="Orçamento Total" value={data && formatCurrency(data.totalBudget)} caption={data && `${data.count} ${data.count === 1 ? 'orçamento' : 'orçamentos'}`} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TotalCard title="Total Gasto" value={data && formatCurrency(data.totalSpent)}
          caption={data && `${data.warningCount} em atenção, ${data.exceededCount} ${data.exceededCount === 1 ? 'excedido' : 'excedidos'}`} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TotalCard title="Saldo Disponível" value={data && formatCurrency(data.totalRemaining)} color={negative ? 'error.main' : undefined} caption="No período atual de cada orçamento" />
      </Grid>
    </Grid>
  );
};
