// Every event type Fluxo can store, with the zod schema that validates it on append and on read.
import type { z } from 'zod';
import { organizationEvents } from './identity/organization';
import { userEvents } from './identity/user';
import { impersonationEvents } from './identity/impersonation';
import { revenueEvents } from './finance/revenue';

export const eventSchemas: Record<string, z.ZodTypeAny> = {
  ...organizationEvents,
  ...userEvents,
  ...impersonationEvents,
  ...revenueEvents,
};
