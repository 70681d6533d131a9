// The dashboard's financial goals card: the first 3 with progress, an add button for editors, CSV
// export of every goal (metas-financeiras.csv).
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Card, CardContent, CardHeader, IconButton, LinearProgress, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { downloadCsv } from '../../lib/csv';
import { formatCurrency, formatDate } from '../../lib/format';
import type { FluxoDataProvider } from '../../providers/dataProvider';
import { barValue, categoryColors, categoryName, isReached, type Goal } from '../../resources/goals/choices';
import { GoalFormDialog } from '../../resources/goals/GoalFormDialog';

export const exportGoals = (goals: readonly Goal[]) =>
  downloadCsv('metas-financeiras.csv', goals, [
    { header: 'Nome', value: (g) => g.name },
    { header: 'Categoria', value: (g) => categoryName(g.category) },
    { header: 'Valor Atual (R$)', value: (g) => Number(g.currentAmount) },
    { header: 'Valor da Meta (R$)', value: (g) => Number(g.targetAmount) },
    { header: 'Progresso (%)', value: (g) => g.progress },
    { header: 'Prazo', value: (g) => formatDate(g.targetDate) },
    { header: 'Status', value: (g) => (g.status === 'completed' ? 'Concluída' : 'Em Progresso') },
  ]);

export const GoalsCard = ({ editor }: { editor: boolean }) => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const [creating, setCreating] = useState(false);
  const { data, isPending, error } = useQuery({
    queryKey: ['financial-goals', 'dashboard'],
    queryFn: ({ signal }) => dataProvider.call<Goal[]>('financial-goals', { signal }),
  });
  const goals = Array.isArray(data) ? data : [];
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label="Metas Financeiras">
      <CardHeader
        title="Metas Financeiras"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Tooltip title="Exportar CSV">
              <span>
                <IconButton aria-label="Exportar metas em CSV" disabled={goals.length === 0} onClick={() => exportGoals(goals)}><DownloadIcon /></IconButton>
              </span>
            </Tooltip>
            {editor && (
              <Tooltip title="Nova Meta">
                <IconButton aria-label="Nova Meta" color="primary" onClick={() => setCreating(true)}><AddIcon /></IconButton>
              </Tooltip>
            )}
          </Box>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={56} />)
        ) : error ? (
          <Typography color="text.secondary">Não foi possível carregar as metas.</Typography>
        ) : goals.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>Nenhuma meta definida</Typography>
        ) : (
          <Stack spacing={2}>
            {goals.slice(0, 3).map((goal) => (
              <Box key={goal.id}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
                  <Typography variant="subtitle2">{goal.name}</Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>{goal.progress}%</Typography>
                </Box>
                <LinearProgress
                  variant="determinate" value={barValue(goal.progress)} color={isReached(goal) ? 'success' : 'primary'}
                  sx={{ height: 6, borderRadius: 3, my: 0.5, '& .MuiLinearProgress-bar': isReached(goal) ? undefined : { bgcolor: categoryColors[goal.category] } }}
                  aria-label={`Progresso de ${goal.name}`}
                />
                <Typography variant="caption" color="text.secondary">
                  {formatCurrency(goal.currentAmount)} de {formatCurrency(goal.targetAmount)}
                  {goal.targetDate ? ` · Prazo ${formatDate(goal.targetDate)}` : ''}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      <GoalFormDialog open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
};
