// The investments resource: the Investimentos screen at /investments (create and edit are dialogs inside it).
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { lazy } from 'react';

const InvestmentList = lazy(() => import('./InvestmentList'));

export default { list: InvestmentList, icon: ShowChartIcon };
