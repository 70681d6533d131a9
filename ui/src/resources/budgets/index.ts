// The budgets resource: its screen is the custom route /budget (spec §2), not /budgets.
import PieChartIcon from '@mui/icons-material/PieChart';
import { lazy } from 'react';

export const BudgetPage = lazy(() => import('./BudgetPage'));
export default { icon: PieChartIcon };
