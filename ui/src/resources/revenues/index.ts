// The revenues resource: the Receitas screen at /revenues (create and edit are dialogs inside it).
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { lazy } from 'react';

const RevenueList = lazy(() => import('./RevenueList'));

export default { list: RevenueList, icon: TrendingUpIcon };
