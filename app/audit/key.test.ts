import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuditKey, sign, signatureMatches } from './key';

describe('the audit key', () => {
  it('is created once in its file (mode 0600) on first start and read back the same afterwards', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fluxo-key-')), 'sub', 'audit.key');
    const env = { FLUXO_AUDIT_KEY_FILE: file };
    expect(loadAuditKey({ env })).toBeNull();
    const created = loadAuditKey({ env, create: true });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toHaveLength(64);
    expect(loadAuditKey({ env, create: true })?.id).toBe(created?.id);
  });

  it('comes from FLUXO_AUDIT_KEY first, and refuses a short one', () => {
    const key = loadAuditKey({ env: { FLUXO_AUDIT_KEY: 'ab'.repeat(32), FLUXO_AUDIT_KEY_FILE: '/nonexistent/x' } });
    expect(key?.secret).toEqual(Buffer.alloc(32, 0xab));
    expect(() => loadAuditKey({ env: { FLUXO_AUDIT_KEY: 'abcd' } })).toThrow(/32 bytes/);
  });

  it('signs canonically: the same value signs the same whatever the key order, another value does not match', () => {
    const key = loadAuditKey({ env: { FLUXO_AUDIT_KEY: '01'.repeat(32) } })!;
    const signature = sign(key, { a: 1, b: 'x' });
    expect(signatureMatches(key, { b: 'x', a: 1 }, signature)).toBe(true);
    expect(signatureMatches(key, { a: 2, b: 'x' }, signature)).toBe(false);
  });
});
