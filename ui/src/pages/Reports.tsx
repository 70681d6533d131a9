// 'Relatórios' (spec §2): period selector, the period banner, the four summary cards, the four
// report types, a preview of the real figures and export as PDF or Excel (spec §7 and §8).
import DescriptionIcon from '@mui/icons-material/Description';
import GridOnIcon from '@mui/icons-material/GridOn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert, Box, Button, Card, CardActionArea, CardContent, CardHeader, Grid, MenuItem, Skeleton, Stack, TextField, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { AsOfBanner, AsOfPicker } from '../components/TimeTravel';
import { asOfLabel, useAsOf } from '../lib/asOf';
import { formatCurrency, formatDate, formatDateTime, todayInSaoPaulo } from '../lib/format';
import { saveFile } from '../lib/saveFile';
import type { FluxoDataProvider } from '../providers/dataProvider';
import { periodLabels, reportRange, type ReportPeriod } from './reports/period';
import { ReportPreview } from './reports/ReportPreview';
import { reportTypes, type ReportPreviewData, type ReportType } from './reports/types';

export const REPORT_ERROR = 'Erro ao gerar relatório. Tente novamente.';

const Reports = () => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const [period, setPeriod] = useState<ReportPeriod>('current-month');
  const [custom, setCustom] = useState({ startDate: '', endDate: '' });
  const [type, setType] = useState<ReportType>('financial-summary');
  const [exporting, setExporting] = useState<'pdf' | 'excel' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const timeTravel = useAsOf();
  const { asOf, instant } = timeTravel;
  // Presets are counted from the day the screen looks at: today, or the day of 'Ver como em'.
  const range = reportRange(period, custom, todayInSaoPaulo(instant ?? undefined));
  const query = { type, period: range.period, startDate: range.startDate, endDate: range.endDate, ...(asOf ? { asOf } : {}) };
  const preview = useQuery({
    queryKey: ['reports/preview', query],
    queryFn: ({ signal }) => dataProvider.call<ReportPreviewData>('reports/preview', { query, signal }),
  });
  const summary = preview.data?.summary;

  const exportAs = async (format: 'pdf' | 'excel') => {
    setExporting(format);
    setExportError(null);
    try {
      const fallback = `relatorio-${type}-${range.startDate}.${format === 'pdf' ? 'pdf' : 'xlsx'}`;
      const { blob, fileName } = await dataProvider.download('reports/generate', { ...query, format }, fallback);
      saveFile(blob, fileName);
    } catch (error) {
      console.error('Falha ao gerar relatório', error);
      setExportError(REPORT_ERROR);
    } finally {
      setExporting(null);
    }
  };

  const cards = [
    { title: 'Receita Total', value: summary && formatCurrency(summary.totalRevenue) },
    { title: 'Despesas Totais', value: summary && formatCurrency(summary.totalExpenses) },
    { title: 'Lucro Líquido', value: summary && formatCurrency(summary.netProfit) },
    { title: 'Transações', value: summary && summary.transactions.toLocaleString('pt-BR') },
  ];
  const selected = reportTypes.find((r) => r.type === type)!;

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="Relatórios" />
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 2, mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Relatórios</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>Relatórios financeiros com os números reais da sua organização, em PDF ou Excel</Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField select size="small" label="Período" value={period} onChange={(e) => setPeriod(e.target.value as ReportPeriod)} sx={{ minWidth: 200 }}>
            {(Object.keys(periodLabels) as ReportPeriod[]).map((p) => <MenuItem key={p} value={p}>{periodLabels[p]}</MenuItem>)}
          </TextField>
          <AsOfPicker state={timeTravel} />
          {period === 'custom' && (
            <>
              <TextField type="date" size="small" label="Data inicial" value={custom.startDate} onChange={(e) => setCustom({ ...custom, startDate: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField type="date" size="small" label="Data final" value={custom.endDate} onChange={(e) => setCustom({ ...custom, endDate: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            </>
          )}
        </Stack>
      </Stack>

      <AsOfBanner state={timeTravel} />
      <Alert severity="info" role="status" icon={<DescriptionIcon />} sx={{ mb: 2 }} data-testid="period-banner">
        Período do relatório: <strong>{formatDate(range.startDate)} a {formatDate(range.endDate)}</strong>
        {range.period !== period ? ` (${periodLabels[range.period]}: informe as duas datas do período personalizado)` : ` (${periodLabels[range.period]})`}
      </Alert>

      <Grid container spacing={2} sx={{ mb: 3 }}>
        {cards.map((card) => (
          <Grid key={card.title} size={{ xs: 6, md: 3 }}>
            <Card variant="outlined" aria-label={card.title}>
              <CardContent>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>{card.title}</Typography>
                <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="report-card-value">
                  {card.value ?? <Skeleton width="70%" />}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Tipo de relatório</Typography>
      <Grid container spacing={2} sx={{ mb: 3 }} role="radiogroup" aria-label="Tipo de relatório">
        {reportTypes.map((r) => (
          <Grid key={r.type} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card variant="outlined" sx={{ height: '100%', borderColor: r.type === type ? 'primary.main' : undefined, borderWidth: r.type === type ? 2 : 1 }}>
              <CardActionArea role="radio" aria-checked={r.type === type} onClick={() => setType(r.type)} sx={{ height: '100%' }}>
                <CardContent>
                  <Box sx={{ color: r.type === type ? 'primary.main' : 'text.secondary', mb: 1 }}>{r.icon}</Box>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{r.title}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>{r.description}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>

      {exportError && <Alert severity="error" role="alert" onClose={() => setExportError(null)} sx={{ mb: 2 }}>{exportError}</Alert>}

      <Card variant="outlined">
        <CardHeader
          title={`Pré-visualização: ${selected.title}`}
          subheader={preview.data ? `${preview.data.organizationName} · ${formatDate(preview.data.startDate)} a ${formatDate(preview.data.endDate)} · gerado em ${formatDateTime(preview.data.generatedAt)}${instant ? ` · dados como em ${asOfLabel(instant)}` : ''}` : ' '}
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
          action={
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" startIcon={<PictureAsPdfIcon />} disabled={exporting !== null} onClick={() => exportAs('pdf')}>Exportar PDF</Button>
              <Button variant="outlined" startIcon={<GridOnIcon />} disabled={exporting !== null} onClick={() => exportAs('excel')}>Exportar Excel</Button>
            </Stack>
          }
        />
        <CardContent>
          {preview.error ? <Alert severity="error">{REPORT_ERROR}</Alert> : <ReportPreview preview={preview.data} isPending={preview.isPending} />}
        </CardContent>
      </Card>
    </Box>
  );
};

export default Reports;
