// One money card with its growth against the previous period, coloured by the spec's §4 rule:
// for revenue, profit and cash flow 0 or more is good; for expenses only a fall is good.
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingFlatIcon from '@mui/icons-material/TrendingFlat';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box, Card, CardContent, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../lib/format';

export type MetricKind = 'revenue' | 'expenses' | 'profit' | 'cashFlow';

/** What 'Fluxo de Caixa' counts, the same on the card and on the chart beside it (shown in the card's tooltip). */
export const CASH_FLOW_DEFINITION =
  'Fluxo de Caixa = receitas recebidas − despesas aprovadas e concluídas do período (cada ocorrência de uma recorrente). ' +
  'É o mesmo saldo do gráfico de fluxo de caixa. O crescimento compara o período até hoje com os mesmos dias do período anterior.';

const NOT_AVAILABLE_HINT = 'Sem base de comparação: não havia valor no período anterior, ou o valor mudou de sinal.';

/** 'n/d': the API found no meaningful percentage. */
const isAvailable = (growth: string) => !Number.isNaN(Number.parseFloat(growth));

export const isGoodGrowth = (kind: MetricKind, growth: string): boolean => {
  if (!isAvailable(growth)) return true;
  const value = Number.parseFloat(growth) || 0;
  return kind === 'expenses' ? value < 0 : value >= 0;
};

/** '12.5%' → '+12,5%' (pt-BR decimal comma, explicit sign). */
export const growthLabel = (growth: string): string => {
  const value = Number.parseFloat(growth);
  const text = growth.replace('.', ',');
  return value > 0 ? `+${text}` : text;
};

export const MetricCard = ({ title, kind, value, growth, caption, icon, hint }: {
  title: string; kind: MetricKind; value: string; growth: string; caption: string; icon?: ReactNode;
  /** What the figure counts, behind an info button beside the title. */
  hint?: string;
}) => {
  const available = isAvailable(growth);
  const good = isGoodGrowth(kind, growth);
  const up = Number.parseFloat(growth) >= 0;
  const Arrow = !available ? TrendingFlatIcon : up ? TrendingUpIcon : TrendingDownIcon;
  const color = !available ? 'text.secondary' : good ? 'success.main' : 'error.main';
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">{title}</Typography>
            {hint && (
              <Tooltip title={hint} enterTouchDelay={0}>
                <IconButton size="small" aria-label={`O que conta ${title}`} sx={{ ml: 0.25, p: 0.25 }}>
                  <InfoOutlinedIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Tooltip>
            )}
          </Box>
          {icon}
        </Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 0.5 }} data-testid="metric-value">
          {formatCurrency(value)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Arrow fontSize="small" sx={{ color }} />
          <Tooltip title={available ? '' : NOT_AVAILABLE_HINT}>
            <Typography variant="body2" sx={{ color, fontWeight: 600 }}>{growthLabel(growth)}</Typography>
          </Tooltip>
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
