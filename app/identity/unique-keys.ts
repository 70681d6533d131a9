// Reserves unique business keys (login email, organization slug) before their event is appended.
import { sql, UniqueIntegrityConstraintViolationError, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { conflict } from '../../domain/shared/errors';

export type UniqueScope = 'email' | 'organization_slug' | 'expense_category_slug' | 'budget';

const messages: Record<UniqueScope, string> = {
  email: 'Este email já está em uso',
  organization_slug: 'Este identificador (slug) de organização já está em uso',
  /** Value: `<organizationId>:<slug>` — a slug is unique within its organization. */
  expense_category_slug: 'Já existe uma categoria com este nome (slug) nesta organização',
  /** Value: `<organizationId>:<category>:<period>` — one budget per category and period. */
  budget: 'Já existe um orçamento para esta categoria e período. Edite o orçamento existente em vez de criar outro.',
};

export function normalizeKey(scope: UniqueScope, value: string): string {
  return scope === 'email' ? value.trim().toLowerCase() : value.trim();
}

/** Claims `value` for `ownerId`; a no-op when the owner already holds it; 409 when someone else does. */
export async function reserveKey(db: CommonQueryMethods, scope: UniqueScope, value: string, ownerId: string): Promise<void> {
  const key = normalizeKey(scope, value);
  try {
    await db.query(sql.unsafe`INSERT INTO unique_keys (scope, value, owner_id) VALUES (${scope}, ${key}, ${ownerId})`);
  } catch (error) {
    if (!(error instanceof UniqueIntegrityConstraintViolationError)) throw error;
    const owner = await db.maybeOneFirst(sql.type(z.object({ owner_id: z.string() }))`
      SELECT owner_id FROM unique_keys WHERE scope = ${scope} AND value = ${key}`);
    if (owner !== ownerId) throw conflict(messages[scope]);
  }
}

export async function releaseKey(db: CommonQueryMethods, scope: UniqueScope, value: string, ownerId: string): Promise<void> {
  await db.query(sql.unsafe`
    DELETE FROM unique_keys WHERE scope = ${scope} AND value = ${normalizeKey(scope, value)} AND owner_id = ${ownerId}`);
}

export async function isKeyTaken(db: CommonQueryMethods, scope: UniqueScope, value: string, exceptOwner?: string): Promise<boolean> {
  const owner = await db.maybeOneFirst(sql.type(z.object({ owner_id: z.string() }))`
    SELECT owner_id FROM unique_keys WHERE scope = ${scope} AND value = ${normalizeKey(scope, value)}`);
  return owner !== null && owner !== exceptOwner;
}
