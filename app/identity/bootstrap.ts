// The platform super admin exists from the first start, created from configuration.
import { sql } from 'slonik';
import { z } from 'zod';
import { asPlatform } from '../db/platform';
import { systemContext } from '../context';
import type { AppDeps } from '../deps';
import { createUserAccount } from './auth';

export async function ensureSuperAdmin(deps: AppDeps, credentials: { email: string; password: string }): Promise<boolean> {
  const exists = await asPlatform(deps.db, (tx) => tx.oneFirst(sql.type(z.object({ exists: z.boolean() }))`
    SELECT EXISTS (SELECT 1 FROM users WHERE role = 'super_admin' AND deleted_at IS NULL) AS exists`));
  if (exists) return false;
  const { position } = await createUserAccount(deps, {
    organizationId: null, username: 'Super Admin', email: credentials.email, password: credentials.password, role: 'super_admin',
  }, systemContext(deps.clock()));
  await deps.waitForProjections(position);
  return true;
}
