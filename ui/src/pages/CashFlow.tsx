// 'Fluxo de Caixa' (spec §2): period selector, Entradas / Saídas / Saldo Líquido with growth, the
// temporal chart, the projection and the alerts (both from real data), and 'Exportar Relatório'.
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Grid, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { saveFile } from '../lib/saveFile';
import type { FluxoDataProvider } from '../providers/dataProvider';
import { AlertsCard } from './cash-flow/AlertsCard';
import { ForecastCard } from './cash-flow/ForecastCard';
import { DEFAULT_PERIOD, describePeriod, PeriodSelector, periodParams, type CashFlowPeriod } from './cash-flow/PeriodSelector';
import { useForecast, useMetrics } from './dashboard/api';
import { CashFlowChart } from './dashboard/CashFlowChart';
import { CASH_FLOW_DEFINITION, MetricCard, MetricCardSkeleton } from './dashboard/MetricCard';

const CAPTION = 'vs período anterior';
export const REPORT_ERROR = 'Erro ao gerar relatório. Tente novamente.';

const CashFlow = () => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const [period, setPeriod] = useState<CashFlowPeriod>(DEFAULT_PERIOD);
  const params = periodParams(period);
  const metrics = useMetrics(params);
  const forecast = useForecast();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportReport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const startDate = metrics.data?.startDate ?? '';
      const { blob, fileName } = await dataProvider.download(
        'reports/generate',
        { type: 'cash-flow', format: 'pdf', startDate: metrics.data?.startDate, endDate: metrics.data?.endDate, period: 'custom' },
        `relatorio-cash-flow-${startDate}.pdf`,
      );
      saveFile(blob, fileName);
    } catch (error) {
      console.error('Falha ao gerar relatório', error);
      setExportError(REPORT_ERROR);
    } finally {
      setExporting(false);
    }
  };

  const m = metrics.data;
  const cards = m && [
    // The chart's own definition (CASH_FLOW_DEFINITION): received revenue in, counted expenses out.
    { title: 'Entradas', kind: 'revenue' as const, value: m.receivedRevenue, growth: m.receivedRevenueGrowth },
    { title: 'Saídas', kind: 'expenses' as const, value: m.totalExpenses, growth: m.expenseGrowth },
    { title: 'Saldo Líquido', kind: 'cashFlow' as const, value: m.cashFlow, growth: m.cashFlowGrowth, hint: CASH_FLOW_DEFINITION },
  ];

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="Fluxo de Caixa" />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Fluxo de Caixa</Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <PeriodSelector value={period} onChange={setPeriod} />
          <Button variant="contained" startIcon={<DownloadIcon />} onClick={exportReport} disabled={exporting || !m} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            Exportar Relatório
          </Button>
        </Stack>
      </Stack>
      {exportError && <Alert severity="error" role="alert" onClose={() => setExportError(null)} sx={{ mb: 2 }}>{exportError}</Alert>}
      {metrics.error && <Alert severity="error" sx={{ mb: 2 }}>{metrics.error.message}</Alert>}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {(cards ?? [0, 1, 2]).map((card, i) => (
          <Grid key={i} size={{ xs: 12, md: 4 }}>
            {typeof card === 'number' ? <MetricCardSkeleton /> : <MetricCard {...card} caption={CAPTION} />}
          </Grid>
        ))}
      </Grid>
      <Box sx={{ mb: 2 }}>
        <CashFlowChart title="Análise Temporal do Fluxo de Caixa" subheader={describePeriod(period)} period={params} height={340} />
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ForecastCard forecast={forecast.data} isPending={forecast.isPending} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AlertsCard forecast={forecast.data} isPending={forecast.isPending} />
        </Grid>
      </Grid>
    </Box>
  );
};

export default CashFlow;
