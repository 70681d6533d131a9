// Progress per budget: spent of budgeted in the current period, coloured by health (80% / 100%).
import { HistoryButton } from '../../pages/audit/HistoryButton';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, Divider, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { DeleteWithConfirmButton, RecordContextProvider, useListContext, useNotify, useRefresh } from 'react-admin';
import { formatCurrency, formatDate } from '../../lib/format';
import { errorMessage } from '../../providers/httpClient';
import { budgetCategoryChoices, budgetPeriodChoices, healthChoices, healthColors, type Budget } from './choices';

const nameOf = (choices: { id: string; name: string }[], id: string) => choices.find((c) => c.id === id)?.name ?? id;
const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const BudgetProgressList = ({ editor, onEdit, onCreate }: { editor: boolean; onEdit: (id: string) => void; onCreate: () => void }) => {
  const { data, isPending } = useListContext<Budget>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (!data?.length) {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" gutterBottom>Nenhum orçamento definido</Typography>
        {editor && <Button variant="contained" onClick={onCreate}>Criar Novo Orçamento</Button>}
      </Box>
    );
  }
  return (
    <Box component="ul" aria-label="Orçamentos por categoria" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((budget, index) => {
        const label = nameOf(budgetCategoryChoices, budget.category);
        return (
          <Fragment key={budget.id}>
            {index > 0 && <Divider component="li" />}
            <Box component="li" aria-label={label} sx={{ px: 2, py: 1.5 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                  <Chip size="small" variant="outlined" label={nameOf(budgetPeriodChoices, budget.period)} />
                  <Chip size="small" color={healthColors[budget.health]} label={nameOf(healthChoices, budget.health)} />
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2">
                    <strong>{formatCurrency(budget.spentAmount)}</strong> de {formatCurrency(budget.budgetAmount)}
                  </Typography>
                  <HistoryButton stream={`budget-${budget.id}`} label={`orçamento ${label}`} />
                  {editor && (
                    <RecordContextProvider value={budget}>
                      <IconButton size="small" aria-label={`Editar orçamento ${label}`} onClick={() => onEdit(budget.id)}><EditIcon fontSize="small" /></IconButton>
                      <DeleteWithConfirmButton resource="budgets" label="" icon={<DeleteOutlinedIcon fontSize="small" />} redirect={false}
                        aria-label={`Excluir orçamento ${label}`}
                        confirmTitle="Excluir orçamento" confirmContent={`Excluir o orçamento de ${label}? Esta ação não pode ser desfeita.`}
                        mutationOptions={{ onSuccess: () => { notify('Orçamento excluído', { type: 'success' }); refresh(); }, onError: (e: unknown) => notify(errorMessage(e), { type: 'error' }) }} />
                    </RecordContextProvider>
                  )}
                </Stack>
              </Stack>
              <LinearProgress variant="determinate" color={healthColors[budget.health]} value={Math.min(budget.percentage, 100)}
                aria-label={`Progresso do orçamento ${label}`} sx={{ height: 8, borderRadius: 4, my: 1 }} />
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="caption" color="text.secondary">
                  {percent.format(budget.percentage)}% utilizado · {formatDate(budget.periodStart)} a {formatDate(budget.periodEnd)}
                </Typography>
                <Typography variant="caption" color={Number(budget.remainingAmount) < 0 ? 'error' : 'text.secondary'}>
                  {Number(budget.remainingAmount) < 0 ? `Excedido em ${formatCurrency(-Number(budget.remainingAmount))}` : `Restam ${formatCurrency(budget.remainingAmount)}`}
                </Typography>
              </Stack>
            </Box>
          </Fragment>
        );
      })}
    </Box>
  );
};
