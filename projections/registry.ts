// Every projector the runner drives, in one list.
import type { Projector } from './projector';
import { usersProjector } from './identity/users';
import { dashboardLedgerProjector } from './dashboard/ledger';
import { revenuesProjector } from './finance/revenues';

export const projectors: readonly Projector[] = [usersProjector, revenuesProjector, dashboardLedgerProjector];
