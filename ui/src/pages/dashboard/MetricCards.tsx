// The dashboard's four cards (spec: Receita Total, Despesas Totais, Lucro Líquido, Fluxo de Caixa),
// for the current month against the previous one, with 4 skeletons while loading.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import { Alert, Grid } from '@mui/material';
import { useMetrics, type PeriodParams } from './api';
import { CASH_FLOW_DEFINITION, MetricCard, MetricCardSkeleton } from './MetricCard';

const CAPTION = 'vs mês anterior';

export const MetricCards = ({ params = {} }: { params?: PeriodParams }) => {
  const { data, error } = useMetrics(params);
  if (error) return <Alert severity="error" sx={{ mb: 2 }}>{error.message}</Alert>;
  const cards = data && [
    { title: 'Receita Total', kind: 'revenue' as const, value: data.totalRevenue, growth: data.revenueGrowth, icon: <AttachMoneyIcon color="success" /> },
    { title: 'Despesas Totais', kind: 'expenses' as const, value: data.totalExpenses, growth: data.expenseGrowth, icon: <ReceiptLongIcon color="error" /> },
    { title: 'Lucro Líquido', kind: 'profit' as const, value: data.netProfit, growth: data.profitGrowth, icon: <SavingsIcon color="primary" /> },
    { title: 'Fluxo de Caixa', kind: 'cashFlow' as const, value: data.cashFlow, growth: data.cashFlowGrowth, icon: <AccountBalanceWalletIcon color="secondary" />, hint: CASH_FLOW_DEFINITION },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {(cards ?? [0, 1, 2, 3]).map((card, i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
          {typeof card === 'number' ? <MetricCardSkeleton /> : <MetricCard {...card} caption={CAPTION} />}
        </Grid>
      ))}
    </Grid>
  );
};
