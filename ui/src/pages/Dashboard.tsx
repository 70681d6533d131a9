// 'Dashboard Financeiro' (spec §2): the month's four metric cards, the cash-flow and expense charts,
// insights, goals and recent transactions, with the editors' extras.
import { Box, Grid, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
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
  const editor = canEditData(user?.role);
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="fluxo.dashboard.title" />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>{translate('fluxo.dashboard.title')}</Typography>
      <MetricCards />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <CashFlowChart title="Evolução do Fluxo de Caixa" subheader="Últimos 6 meses" period={{ period: '6months' }} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <ExpenseBreakdownChart />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <InsightsCard editor={editor} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <GoalsCard editor={editor} />
        </Grid>
      </Grid>
      <RecentTransactions editor={editor} />
    </Box>
  );
};

export default Dashboard;
