// The goals resource: the Metas Financeiras screen at /goals, over /api/financial-goals.
import FlagIcon from '@mui/icons-material/Flag';
import { lazy } from 'react';

const GoalList = lazy(() => import('./GoalList'));

export default { list: GoalList, icon: FlagIcon };
