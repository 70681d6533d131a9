// The categories resource: no screen of its own; managed from the Despesas screen's category manager,
// where /categories leads.
import CategoryIcon from '@mui/icons-material/Category';
import { CategoriesRedirect } from './CategoriesRedirect';

export { CategoryManagerDialog } from './CategoryManagerDialog';
export default { icon: CategoryIcon, list: CategoriesRedirect };
