// The Investimentos summary: Total Investido, Valor Atual, Rentabilidade, Ganho Total, the allocation by
// type and the next maturities — computed by the server (maturity wording against today in São Paulo).
import { Box, Card, CardContent, Chip, Grid, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { formatCurrency, formatDate } from '../../lib/format';
import { formatPercent, typeColors, type PortfolioSummary as Summary } from './choices';

const SummaryCard = ({ title, value, color }: { title: string; value?: string; color?: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="body2" color="text.secondary">{title}</Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5, color }}>{value ?? <Skeleton width={120} />}</Typography>
    </CardContent>
  </Card>
);

const signColor = (value: number) => (value > 0 ? 'success.main' : value < 0 ? 'error.main' : undefined);

export const SummaryCards = ({ summary }: { summary?: Summary }) => (
  <Grid container spacing={2} sx={{ mb: 2 }}>
    <Grid size={{ xs: 6, md: 3 }}><SummaryCard title="Total Investido" value={summary && formatCurrency(summary.totalInvested)} /></Grid>
    <Grid size={{ xs: 6, md: 3 }}><SummaryCard title="Valor Atual" value={summary && formatCurrency(summary.currentValue)} /></Grid>
    <Grid size={{ xs: 6, md: 3 }}>
      <SummaryCard title="Rentabilidade" value={summary && formatPercent(summary.returnPercent)} color={summary && signColor(summary.returnPercent)} />
    </Grid>
    <Grid size={{ xs: 6, md: 3 }}>
      <SummaryCard title="Ganho Total" value={summary && formatCurrency(summary.totalGain)} color={summary && signColor(Number(summary.totalGain))} />
    </Grid>
  </Grid>
);

export const Allocation = ({ summary }: { summary?: Summary }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Alocação por Tipo</Typography>
      {!summary ? <Skeleton height={80} /> : summary.allocation.length === 0 ? (
        <Typography variant="body2" color="text.secondary">Nenhum investimento para alocar</Typography>
      ) : (
        <Stack spacing={1.5}>
          {summary.allocation.map((a) => (
            <Box key={a.type}>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">{a.type}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{formatPercent(a.percent)}</Typography>
              </Stack>
              <LinearProgress variant="determinate" value={Math.min(a.percent, 100)} aria-label={`${a.type} ${formatPercent(a.percent)}`}
                sx={{ height: 6, borderRadius: 3, '& .MuiLinearProgress-bar': { bgcolor: typeColors[a.type] } }} />
              <Typography variant="caption" color="text.secondary">{formatCurrency(a.amount)}</Typography>
            </Box>
          ))}
        </Stack>
      )}
    </CardContent>
  </Card>
);

export const NextMaturities = ({ summary }: { summary?: Summary }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Próximos Vencimentos</Typography>
      {!summary ? <Skeleton height={80} /> : summary.nextMaturities.length === 0 ? (
        <Typography variant="body2" color="text.secondary">Nenhum vencimento programado</Typography>
      ) : (
        <Stack spacing={1.5}>
          {summary.nextMaturities.map((m) => (
            <Stack key={m.id} direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{m.name}</Typography>
                <Typography variant="caption" color="text.secondary">{m.type} · {formatDate(m.maturityDate)}</Typography>
              </Box>
              <Chip size="small" label={m.label} color={m.daysUntil < 0 ? 'error' : m.daysUntil <= 30 ? 'warning' : 'default'} variant="outlined" />
            </Stack>
          ))}
        </Stack>
      )}
    </CardContent>
  </Card>
);
