// The dashboard's AI insights card: the first 3, 'Gerar Insights' for editors, CSV export (insights-ia.csv).
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, CardHeader, Chip, IconButton, List, ListItem, ListItemText, Skeleton, Tooltip, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { downloadCsv } from '../../lib/csv';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { errorMessage } from '../../providers/httpClient';
import { useInsights, type Insight } from './api';
import { insightTypeLabels, priorityLabels } from './labels';

const priorityColor = { high: 'error', medium: 'warning', low: 'default' } as const;

export const exportInsights = (insights: readonly Insight[]) =>
  downloadCsv('insights-ia.csv', insights, [
    { header: 'Título', value: (i) => i.title },
    { header: 'Tipo', value: (i) => insightTypeLabels[i.type] ?? i.type },
    { header: 'Prioridade', value: (i) => priorityLabels[i.priority] ?? i.priority },
    { header: 'Conteúdo', value: (i) => i.content },
    { header: 'Data', value: (i) => formatDate(i.createdAt) },
  ]);

export const InsightsCard = ({ editor }: { editor: boolean }) => {
  const { data, isPending, error } = useInsights();
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const generate = useMutation({
    mutationFn: () => dataProvider.call('ai-insights/generate', { method: 'POST' }),
    onSuccess: () => {
      notify(...toast('Insights gerados com sucesso'));
      refresh();
    },
    onError: (e) => notify(...toast('Erro ao gerar insights', errorMessage(e, 'Ocorreu um erro ao gerar os insights. Tente novamente.'), 'error')),
  });
  const insights = Array.isArray(data) ? data : [];
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label="Insights IA">
      <CardHeader
        title="Insights IA"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Tooltip title="Exportar CSV">
              <span>
                <IconButton aria-label="Exportar insights em CSV" disabled={insights.length === 0} onClick={() => exportInsights(insights)}><DownloadIcon /></IconButton>
              </span>
            </Tooltip>
            {editor && (
              <Button size="small" variant="contained" startIcon={<AutoAwesomeIcon />} disabled={generate.isPending} onClick={() => generate.mutate()}>
                Gerar Insights
              </Button>
            )}
          </Box>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={56} />)
        ) : error ? (
          <Typography color="text.secondary">Não foi possível carregar os insights.</Typography>
        ) : insights.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>Nenhum insight gerado ainda.</Typography>
        ) : (
          <List dense disablePadding>
            {insights.slice(0, 3).map((insight) => (
              <ListItem key={insight.id} disableGutters alignItems="flex-start">
                <ListItemText
                  primary={
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="subtitle2" component="span">{insight.title}</Typography>
                      <Chip size="small" label={insightTypeLabels[insight.type] ?? insight.type} variant="outlined" />
                      <Chip size="small" label={priorityLabels[insight.priority] ?? insight.priority} color={priorityColor[insight.priority] ?? 'default'} />
                    </Box>
                  }
                  secondary={insight.content}
                  slotProps={{ secondary: { sx: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};
