// Every event type Fluxo can store, with the zod schema that validates it on append and on read.
import type { z } from 'zod';
import { organizationEvents } from './identity/organization';
import { userEvents } from './identity/user';
import { impersonationEvents } from './identity/impersonation';
import { impersonationTrailEvents } from './identity/impersonation-trail';
import { revenueEvents } from './finance/revenue';
import { goalEvents } from './finance/goal';
import { investmentEvents } from './finance/investment';
import { expenseEvents } from './finance/expense';
import { categoryEvents } from './finance/category';
import { budgetEvents } from './finance/budget';
import { bankConnectionEvents } from './banking/bank-connection';
import { importedTransactionEvents } from './banking/imported-transaction';
import { notificationEvents } from './notifications/notification';
import { inboxEvents } from './notifications/inbox';
import { insightEvents } from './insights/insight';

export const eventSchemas: Record<string, z.ZodTypeAny> = {
  ...organizationEvents,
  ...userEvents,
  ...impersonationEvents,
  ...impersonationTrailEvents,
  ...revenueEvents,
  ...goalEvents,
  ...investmentEvents,
  ...expenseEvents,
  ...categoryEvents,
  ...budgetEvents,
  ...bankConnectionEvents,
  ...importedTransactionEvents,
  ...notificationEvents,
  ...inboxEvents,
  ...insightEvents,
};
