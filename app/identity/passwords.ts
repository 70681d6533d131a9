// Password hashing with argon2id; hashes live only in the credentials table.
import argon2 from 'argon2';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { validationError } from '../../domain/shared/errors';

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres';

export function assertPasswordPolicy(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw validationError(PASSWORD_TOO_SHORT, { password: PASSWORD_TOO_SHORT });
  if (password.length > 256) throw validationError('A senha deve ter no máximo 256 caracteres');
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function setPassword(db: CommonQueryMethods, userId: string, password: string): Promise<void> {
  assertPasswordPolicy(password);
  const hash = await hashPassword(password);
  await db.query(sql.unsafe`
    INSERT INTO credentials (user_id, password_hash) VALUES (${userId}, ${hash})
    ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`);
}

// A real hash of a random string, so unknown emails cost the same time as wrong passwords.
const dummyHash = hashPassword(`dummy-${Math.random()}`);

export async function verifyPassword(db: CommonQueryMethods, userId: string | null, password: string): Promise<boolean> {
  const stored = userId
    ? await db.maybeOneFirst(sql.type(z.object({ password_hash: z.string() }))`SELECT password_hash FROM credentials WHERE user_id = ${userId}`)
    : null;
  const hash = stored ?? (await dummyHash);
  const ok = await argon2.verify(hash, password).catch(() => false);
  return ok && stored !== null;
}
