// One money card with its growth against the previous period, coloured by the spec's §4 rule:
// for revenue, profit and cash flow 0 or more is good; for expenses only a fall is good.
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../lib/format';

export type MetricKind = 'revenue' | 'expenses' | 'profit' | 'cashFlow';

export const isGoodGrowth = (kind: MetricKind, growth: string): boolean => {
  const value = Number.parseFloat(growth) || 0;
  return kind === 'expenses' ? value < 0 : value >= 0;
};

/** '12.5%' → '+12,5%' (pt-BR decimal comma, explicit sign). */
export const growthLabel = (growth: string): string => {
  const value = Number.parseFloat(growth);
  const text = growth.replace('.', ',');
  return value > 0 ? `+${text}` : text;
};

export const MetricCard = ({ title, kind, value, growth, caption, icon }: {
  title: string; kind: MetricKind; value: string; growth: string; caption: string; icon?: ReactNode;
}) => {
  const good = isGoodGrowth(kind, growth);
  const up = Number.parseFloat(growth) >= 0;
  const Arrow = up ? TrendingUpIcon : TrendingDownIcon;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">{title}</Typography>
          {icon}
        </Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 0.5 }} data-testid="metric-value">
          {formatCurrency(value)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Arrow fontSize="small" sx={{ color: good ? 'success.main' : 'error.main' }} />
          <Typography variant="body2" sx={{ color: good ? 'success.main' : 'error.main', fontWeight: 600 }}>{growthLabel(growth)}</Typography>
          <Typography variant="caption" color="text.secondary">{caption}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
};

export const MetricCardSkeleton = () => (
  <Card variant="outlined" sx={{ height: '100%' }} data-testid="metric-skeleton">
    <CardContent>
      <Skeleton width="50%" />
      <Skeleton height={40} width="70%" />
      <Skeleton width="40%" />
    </CardContent>
  </Card>
);
