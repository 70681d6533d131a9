// The budgets resource: its screen is the custom route /budget (spec §2), where /budgets leads.
import PieChartIcon from '@mui/icons-material/PieChart';
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';

export const BudgetPage = lazy(() => import('./BudgetPage'));
const ToBudgetPage = () => <Navigate to="/budget" replace />;
export default { icon: PieChartIcon, list: ToBudgetPage };
