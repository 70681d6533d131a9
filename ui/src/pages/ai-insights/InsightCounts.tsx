// The four counts of the Insights IA screen: total, opportunities, warnings, recommendations.
import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import type { Insight } from '../dashboard/api';

export const insightCounts = (insights: readonly Insight[]) => [
  { label: 'Total de Insights', value: insights.length },
  { label: 'Oportunidades', value: insights.filter((i) => i.type === 'opportunity').length },
  { label: 'Alertas', value: insights.filter((i) => i.type === 'warning').length },
  { label: 'Recomendações', value: insights.filter((i) => i.type === 'recommendation').length },
];

export const InsightCounts = ({ insights }: { insights: readonly Insight[] | undefined }) => (
  <Grid container spacing={2} sx={{ mb: 3 }}>
    {insightCounts(insights ?? []).map(({ label, value }) => (
      <Grid key={label} size={{ xs: 6, md: 3 }}>
        <Card variant="outlined" aria-label={label}>
          <CardContent>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{label}</Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="insight-count">
              {insights ? value : <Skeleton width={32} />}
            </Typography>
          </CardContent>
        </Card>
      </Grid>
    ))}
  </Grid>
);
