// 'Insights IA' (spec §2): counts, critical insights (priority high) first and the others below,
// 'Análise Automática' and 'Gerar Insights IA', the empty state with 'Gerar Primeiros Insights', the
// explanatory card and 5 placeholders while loading; toasts as spec §8 words them.
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DownloadIcon from '@mui/icons-material/Download';
import RadarIcon from '@mui/icons-material/Radar';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { toast } from '../lib/toast';
import { canEditData } from '../providers/authProvider';
import type { FluxoDataProvider } from '../providers/dataProvider';
import { errorMessage } from '../providers/httpClient';
import { useCurrentUser } from '../providers/useCurrentUser';
import { HowItWorksCard } from './ai-insights/HowItWorksCard';
import { InsightCounts } from './ai-insights/InsightCounts';
import { InsightItem } from './ai-insights/InsightItem';
import { useInsights, type Insight } from './dashboard/api';
import { exportInsights } from './dashboard/InsightsCard';

const GENERATE_FALLBACK = 'Ocorreu um erro ao gerar os insights. Tente novamente.';
const AUTO_FALLBACK = 'Erro ao executar análise automática.';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const Section = ({ title, insights }: { title: string; insights: Insight[] }) =>
  insights.length === 0 ? null : (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>{title}</Typography>
      <Stack spacing={1.5}>
        {insights.map((insight) => <InsightItem key={insight.id} insight={insight} />)}
      </Stack>
    </Box>
  );

const AiInsights = () => {
  const { user } = useCurrentUser();
  const editor = canEditData(user?.role);
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data, isPending, error } = useInsights();
  const insights = Array.isArray(data) ? data : undefined;
  const refreshInsights = () => queryClient.invalidateQueries({ queryKey: ['ai-insights'] });

  const generate = useMutation({
    mutationFn: () => dataProvider.call<Insight[]>('ai-insights/generate', { method: 'POST' }),
    onSuccess: async (fresh) => {
      await refreshInsights();
      notify(...toast('Insights Gerados com Sucesso', `${count(fresh.length, 'insight gerado', 'insights gerados')} a partir dos seus dados financeiros.`));
    },
    onError: (e) => notify(...toast('Erro ao Gerar Insights', errorMessage(e, GENERATE_FALLBACK), 'error')),
  });
  const auto = useMutation({
    mutationFn: () => dataProvider.call<Insight[]>('ai-insights/auto-generate', { method: 'POST' }),
    onSuccess: async (alerts) => {
      await refreshInsights();
      if (alerts.length > 0) notify(...toast('Alertas Detectados', `${count(alerts.length, 'novo insight encontrado', 'novos insights encontrados')}.`, 'warning'));
      else notify(...toast('Análise Concluída', 'Nenhum novo padrão de risco encontrado.'));
    },
    onError: (e) => notify(...toast('Erro na Análise Automática', errorMessage(e, AUTO_FALLBACK), 'error')),
  });
  const busy = generate.isPending || auto.isPending;

  const critical = (insights ?? []).filter((i) => i.priority === 'high');
  const others = (insights ?? []).filter((i) => i.priority !== 'high');

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="Insights IA" />
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 2, mb: 3 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>Insights IA</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>Análises dos seus dados financeiros, com os números que justificam cada uma</Typography>
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
          <Button variant="text" startIcon={<DownloadIcon />} disabled={!insights?.length} onClick={() => insights && exportInsights(insights)}>Exportar CSV</Button>
          {editor && (
            <>
              <Button variant="outlined" startIcon={<RadarIcon />} disabled={busy} onClick={() => auto.mutate()}>Análise Automática</Button>
              <Button variant="contained" startIcon={<AutoAwesomeIcon />} disabled={busy} onClick={() => generate.mutate()}>Gerar Insights IA</Button>
            </>
          )}
        </Stack>
      </Stack>

      <InsightCounts insights={insights} />

      {isPending ? (
        <Stack spacing={1.5} aria-label="Carregando insights">
          {[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} variant="rounded" height={96} data-testid="insight-skeleton" />)}
        </Stack>
      ) : error ? (
        <Alert severity="error">Não foi possível carregar os insights. {errorMessage(error, '')}</Alert>
      ) : insights && insights.length === 0 ? (
        <Card variant="outlined">
          <CardContent sx={{ py: 6, textAlign: 'center' }}>
            <AutoAwesomeIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
            <Typography variant="h6" component="h2" gutterBottom>Nenhum insight ainda</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto', mb: 2 }}>
              {editor
                ? 'Gere a primeira análise para descobrir oportunidades, tendências e alertas nos seus dados financeiros.'
                : 'Ainda não há insights. Peça a um administrador da organização para gerar a primeira análise.'}
            </Typography>
            {editor && (
              <Button variant="contained" startIcon={<AutoAwesomeIcon />} disabled={busy} onClick={() => generate.mutate()}>Gerar Primeiros Insights</Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <>
          <Section title="Insights Críticos" insights={critical} />
          <Section title={critical.length > 0 ? 'Outros Insights' : 'Insights'} insights={others} />
        </>
      )}

      <HowItWorksCard />
    </Box>
  );
};

export default AiInsights;
