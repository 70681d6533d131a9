// The expenses resource: the Despesas screen at /expenses (create and edit are dialogs inside it).
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';

const ExpenseList = lazy(() => import('./ExpenseList'));

export default { list: ExpenseList, icon: ReceiptLongIcon };
