// One goal in the grid: name, category badge, progress, Atual / Meta / Restante (or 'Meta atingida!') and Prazo.
import { HistoryButton, useAuditReader } from '../../pages/audit/HistoryButton';
import AddCardIcon from '@mui/icons-material/AddCard';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Card, CardActions, CardContent, Chip, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { DeleteWithConfirmButton, RecordContextProvider, useNotify, useRefresh } from 'react-admin';
import { formatCurrency, formatDate } from '../../lib/format';
import { errorMessage } from '../../providers/httpClient';
import { barValue, categoryColors, categoryName, isReached, type Goal } from './choices';

const Line = ({ label, value, color }: { label: string; value: string; color?: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <Typography variant="body2" color="text.secondary">{label}</Typography>
    <Typography variant="body2" sx={{ fontWeight: 600, color }}>{value}</Typography>
  </Box>
);

export const GoalCard = ({ goal, editor, onEdit, onContribute }: { goal: Goal; editor: boolean; onEdit: () => void; onContribute: () => void }) => {
  const auditReader = useAuditReader();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} aria-label={`Meta ${goal.name}`}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{goal.name}</Typography>
          <Chip size="small" label={categoryName(goal.category)} sx={{ bgcolor: categoryColors[goal.category], color: '#fff' }} />
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="body2" color="text.secondary">Progresso</Typography>
          <Typography variant="h6" component="p">{goal.progress}%</Typography>
        </Stack>
        <LinearProgress variant="determinate" value={barValue(goal.progress)} color={isReached(goal) ? 'success' : 'primary'} sx={{ height: 8, borderRadius: 4, my: 1 }} aria-label={`Progresso ${goal.progress}%`} />
        <Stack spacing={0.5}>
          <Line label="Atual" value={formatCurrency(goal.currentAmount)} />
          <Line label="Meta" value={formatCurrency(goal.targetAmount)} />
          {isReached(goal)
            ? <Typography variant="body2" sx={{ fontWeight: 600, color: 'success.main' }}>Meta atingida!</Typography>
            : <Line label="Restante" value={formatCurrency(goal.remainingAmount)} />}
          {goal.targetDate && <Line label="Prazo" value={formatDate(goal.targetDate)} />}
        </Stack>
      </CardContent>
      {!editor && auditReader && (
        <CardActions sx={{ justifyContent: 'flex-end' }}><HistoryButton stream={`goal-${goal.id}`} label={goal.name} /></CardActions>
      )}
      {editor && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <HistoryButton stream={`goal-${goal.id}`} label={goal.name} />
          <Tooltip title="Registrar aporte"><IconButton size="small" aria-label="Registrar aporte" onClick={onContribute}><AddCardIcon fontSize="small" /></IconButton></Tooltip>
          <Tooltip title="Editar meta"><IconButton size="small" aria-label="Editar meta" onClick={onEdit}><EditIcon fontSize="small" /></IconButton></Tooltip>
          <RecordContextProvider value={goal}>
            <DeleteWithConfirmButton
              label="Excluir"
              redirect={false}
              confirmTitle="Excluir meta"
              confirmContent={`Excluir "${goal.name}"? Esta ação não pode ser desfeita.`}
              mutationOptions={{
                onSuccess: () => { notify('Meta excluída', { type: 'success' }); refresh(); },
                onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
              }}
            />
          </RecordContextProvider>
        </CardActions>
      )}
    </Card>
  );
};
