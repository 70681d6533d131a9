// 'Dashboard Financeiro' (spec §2): the month's four metric cards, the cash-flow and expense charts,
// insights, goals and recent transactions, with the editors' extras.
import { Alert, Box, Grid, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { AsOfBanner, AsOfPicker } from '../components/TimeTravel';
import { useAsOf } from '../lib/asOf';
import { canEditData } from '../providers/authProvider';
import { useCurrentUser } from '../providers/useCurrentUser';
import { CashFlowChart } from './dashboard/CashFlowChart';
import { ExpenseBreakdownChart } from './dashboard/ExpenseBreakdownChart';
import { GoalsCard } from './dashboard/GoalsCard';
import { InsightsCard } from './dashboard/InsightsCard';
import { MetricCards } from './dashboard/MetricCards';
import { RecentTransactions } from './dashboard/RecentTransactions';

const Dashboard = () => {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const timeTravel = useAsOf();
  const { asOf } = timeTravel;
  // In the past the dashboard is read-only: edits belong to the present.
  const editor = canEditData(user?.role) && !asOf;
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="fluxo.dashboard.title" />
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>{translate('fluxo.dashboard.title')}</Typography>
        <AsOfPicker state={timeTravel} />
      </Stack>
      <AsOfBanner state={timeTravel} />
      <MetricCards params={{ asOf }} />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <CashFlowChart title="Evolução do Fluxo de Caixa" subheader="Últimos 6 meses" period={{ period: '6months', asOf }} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ExpenseBreakdownChart params={{ asOf }} />
        </Grid>
        {asOf ? (
          <Grid size={12}>
            <Alert severity="info" variant="outlined">Insights IA e Metas Financeiras mostram apenas o presente: volte ao presente para vê-los.</Alert>
          </Grid>
        ) : (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <InsightsCard editor={editor} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <GoalsCard editor={editor} />
            </Grid>
          </>
        )}
      </Grid>
      <RecentTransactions editor={editor} asOf={asOf} />
    </Box>
  );
};

export default Dashboard;
