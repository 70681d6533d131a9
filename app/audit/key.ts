// The server key that signs the audit seals and checkpoints. It lives outside the database (an
// attacker with database superuser rights must not be able to re-sign a rewritten history):
// FLUXO_AUDIT_KEY (hex or base64, at least 32 bytes), else the file FLUXO_AUDIT_KEY_FILE
// (default ./.data/audit.key), created with fresh random bytes on first start.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { canonicalJson } from '../eventstore/hash-chain';

export type AuditKey = { id: string; secret: Buffer };

export const DEFAULT_AUDIT_KEY_FILE = '.data/audit.key';

function decode(text: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]+$/i.test(trimmed) && trimmed.length % 2 === 0 ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (bytes.length < 32) throw new Error('A chave de auditoria (FLUXO_AUDIT_KEY) precisa de pelo menos 32 bytes (64 caracteres hexadecimais).');
  return bytes;
}

export function auditKeyFrom(secret: Buffer): AuditKey {
  return { id: createHash('sha256').update('fluxo-audit-key-id').update(secret).digest('hex').slice(0, 16), secret };
}

/** Reads the key from the environment or its file; creates the file when `create` and it is missing. */
export function loadAuditKey(options: { env?: NodeJS.ProcessEnv; create?: boolean } = {}): AuditKey | null {
  const env = options.env ?? process.env;
  if (env.FLUXO_AUDIT_KEY) return auditKeyFrom(decode(env.FLUXO_AUDIT_KEY));
  const file = resolve(env.FLUXO_AUDIT_KEY_FILE ?? DEFAULT_AUDIT_KEY_FILE);
  if (existsSync(file)) return auditKeyFrom(decode(readFileSync(file, 'utf8')));
  if (!options.create) return null;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return auditKeyFrom(decode(readFileSync(file, 'utf8')));
}

export function sign(key: AuditKey, value: unknown): string {
  return createHmac('sha256', key.secret).update(canonicalJson(value)).digest('hex');
}

export function signatureMatches(key: AuditKey, value: unknown, signature: string): boolean {
  const expected = Buffer.from(sign(key, value), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
