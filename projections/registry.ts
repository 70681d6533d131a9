// Every projector the runner drives, in one list.
import type { Projector } from './projector';
import { expensesProjector } from './finance/expenses';
import { categoriesProjector } from './finance/categories';
import { budgetsProjector } from './finance/budgets';
import { usersProjector } from './identity/users';
import { impersonationsProjector } from './identity/impersonations';
import { organizationRevenuesProjector } from './identity/organization-revenues';
import { dashboardLedgerProjector } from './dashboard/ledger';
import { notificationsProjector } from './notifications/notifications';
import { notificationTriggersProjector } from './notifications/triggers';
import { searchProjector } from './search/documents';
import { revenuesProjector } from './finance/revenues';
import { goalsProjector } from './finance/goals';
import { investmentsProjector } from './finance/investments';
import { transactionsProjector } from './finance/transactions';
import { bankingProjector } from './banking/banking';
import { categoryMemoryProjector } from './banking/category-memory';
import { insightsProjector } from './insights/insights';

export const projectors: readonly Projector[] = [usersProjector, impersonationsProjector, organizationRevenuesProjector, expensesProjector, categoriesProjector, budgetsProjector, revenuesProjector, goalsProjector, investmentsProjector, transactionsProjector, bankingProjector, categoryMemoryProjector, dashboardLedgerProjector, notificationsProjector, notificationTriggersProjector, searchProjector, insightsProjector];
