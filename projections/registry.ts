// Every projector the runner drives, in one list.
import type { Projector } from './projector';
import { expensesProjector } from './finance/expenses';
import { categoriesProjector } from './finance/categories';
import { budgetsProjector } from './finance/budgets';
import { usersProjector } from './identity/users';
import { impersonationsProjector } from './identity/impersonations';
import { organizationRevenuesProjector } from './identity/organization-revenues';
import { dashboardLedgerProjector } from './dashboard/ledger';
import { revenuesProjector } from './finance/revenues';

export const projectors: readonly Projector[] = [usersProjector, impersonationsProjector, organizationRevenuesProjector, expensesProjector, categoriesProjector, budgetsProjector, revenuesProjector, dashboardLedgerProjector];
