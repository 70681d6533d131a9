// The categories resource: no screen of its own; managed from the Despesas screen's category manager.
import CategoryIcon from '@mui/icons-material/Category';

export { CategoryManagerDialog } from './CategoryManagerDialog';
export default { icon: CategoryIcon };
