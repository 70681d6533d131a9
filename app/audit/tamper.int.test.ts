// The tamper suite: history is rewritten with direct SQL as the database superuser (immutability
// triggers disabled, as an attacker would) and the verifier must name the exact position.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database';
import { canonicalJson, eventHash } from '../eventstore/hash-chain';
import type { EventMetadata, EventStore } from '../eventstore/port';
import { createPostgresEventStore } from '../eventstore/postgres';
import { auditKeyFrom, type AuditKey } from './key';
import { sealLog } from './seal';
import { verifyAll, verifyOrganization } from './verify';
import { systemMetadata } from '../../test-support/metadata';

const orgA = randomUUID();
const orgB = randomUUID();
let database: TestDatabase;
let store: EventStore;
let key: AuditKey;
let positions: Record<string, bigint[]>;

async function append(streamId: string, organizationId: string | null, amount: string): Promise<bigint> {
  const result = await store.append(streamId, [{ type: 'ExpenseRecorded', data: { amount, description: `gasto ${amount}` } }], {
    expectedRevision: 'any', metadata: systemMetadata(organizationId),
  });
  (positions[streamId] ??= []).push(result.position);
  return result.position;
}

async function asAttacker(statement: ReturnType<typeof sql.unsafe>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.query(sql.unsafe`ALTER TABLE events DISABLE TRIGGER events_immutable`);
    await tx.query(sql.unsafe`ALTER TABLE audit_seals DISABLE TRIGGER audit_seals_immutable`);
    await tx.query(sql.unsafe`ALTER TABLE audit_checkpoints DISABLE TRIGGER audit_checkpoints_immutable`);
    await tx.query(statement);
    await tx.query(sql.unsafe`ALTER TABLE events ENABLE TRIGGER events_immutable`);
    await tx.query(sql.unsafe`ALTER TABLE audit_seals ENABLE TRIGGER audit_seals_immutable`);
    await tx.query(sql.unsafe`ALTER TABLE audit_checkpoints ENABLE TRIGGER audit_checkpoints_immutable`);
  });
}

const deps = () => ({ db: database.db, eventStore: store, auditKey: key });

beforeEach(async () => {
  database = await createTestDatabase();
  store = createPostgresEventStore(database.db, database.url);
  key = auditKeyFrom(randomBytes(32));
  positions = {};
  // Two organizations' streams interleaved in the global log, plus a platform event.
  await append('expense-1', orgA, '10.00');
  await append('expense-2', orgA, '20.00');
  await append('revenue-9', orgB, '99.00');
  await append('expense-1', orgA, '11.00');
  await append('user-1', null, '0.00');
  await append('expense-1', orgA, '12.00');
  await append('expense-2', orgA, '21.00');
  await append('revenue-9', orgB, '98.00');
  const sealed = await sealLog(deps());
  expect(sealed).toMatchObject({ sealed: 8, checkpoints: 3 });
});

afterEach(async () => {
  await store.close();
  await database.drop();
});

describe('an untouched log', () => {
  it('verifies clean, for each organization and as a whole', async () => {
    expect((await verifyOrganization(deps(), orgA)).findings).toEqual([]);
    expect(await verifyOrganization(deps(), orgA)).toMatchObject({ ok: true, checkedEvents: 5, checkpoints: 1 });
    expect((await verifyAll(deps())).findings).toEqual([]);
  });

  it('stays clean across a rolled-back append (an unused position is sealed as such) and later checkpoints', async () => {
    await database.db.query(sql.unsafe`SELECT nextval('events_position_seq')`);
    await append('expense-1', orgA, '13.00');
    expect(await sealLog(deps())).toMatchObject({ sealed: 1, checkpoints: 2 }); // the organization's and the platform's (the unused position)
    await append('revenue-9', orgB, '97.00');
    await sealLog(deps());
    expect((await verifyAll(deps())).findings).toEqual([]);
  });

  it('seals a long backlog in bounded transactions, each with its checkpoints, and verifies clean', async () => {
    for (let i = 0; i < 7; i++) await append(i % 2 ? 'expense-1' : 'revenue-9', i % 2 ? orgA : orgB, `${30 + i}.00`);
    const sealed = await sealLog(deps(), { eventsPerTransaction: 3 });
    expect(sealed).toMatchObject({ sealed: 7 });
    // Three transactions (3 + 3 + 1 events), each signing the chains it moved.
    expect(sealed.checkpoints).toBeGreaterThanOrEqual(3);
    expect((await verifyAll(deps())).findings).toEqual([]);
    expect(await verifyOrganization(deps(), orgA)).toMatchObject({ ok: true, checkedEvents: 8 });
  });

  it('refuses updates and deletes of seals and checkpoints', async () => {
    await expect(database.db.query(sql.unsafe`UPDATE audit_seals SET mac = 'x'`)).rejects.toThrow(/append-only/);
    await expect(database.db.query(sql.unsafe`DELETE FROM audit_checkpoints`)).rejects.toThrow(/append-only/);
  });
});

describe('tampering with direct SQL as the superuser', () => {
  it('an edited amount: reported at its position', async () => {
    const target = positions['expense-1'][1];
    await asAttacker(sql.unsafe`UPDATE events SET data = jsonb_set(data, '{amount}', '"1100.00"') WHERE position = ${target.toString()}::bigint`);
    const result = await verifyOrganization(deps(), orgA);
    expect(result.ok).toBe(false);
    expect(result.findings[0]).toMatchObject({ kind: 'edited', position: target.toString(), streamId: 'expense-1', revision: 1 });
  });

  it('an edit with the whole stream chain recomputed afterwards: reported at the edited position', async () => {
    const target = positions['expense-1'][1];
    const rows = await database.db.any(sql.unsafe`SELECT position, revision, type, data, metadata FROM events WHERE stream_id = 'expense-1' ORDER BY revision`);
    let prevHash: string | null = null;
    for (const row of rows as unknown as { position: bigint; revision: number; type: string; data: Record<string, unknown>; metadata: EventMetadata }[]) {
      const data = row.position === target ? { ...row.data, amount: '1100.00' } : row.data;
      const { hash: _old, ...rest } = row.metadata;
      const metadata = { ...rest, prevHash };
      const hash = eventHash({ streamId: 'expense-1', revision: row.revision, type: row.type, data, metadata });
      await asAttacker(sql.unsafe`UPDATE events SET data = ${canonicalJson(data)}::jsonb, metadata = ${canonicalJson({ ...metadata, hash })}::jsonb
        WHERE position = ${row.position.toString()}::bigint`);
      prevHash = hash;
    }
    await asAttacker(sql.unsafe`UPDATE event_streams SET last_hash = ${prevHash} WHERE stream_id = 'expense-1'`);
    const result = await verifyOrganization(deps(), orgA);
    expect(result.findings.some((f) => f.kind === 'edited' || f.kind === 'chain')).toBe(false);
    expect(result.findings[0]).toMatchObject({ kind: 'altered', position: target.toString(), streamId: 'expense-1', revision: 1 });
    expect(result.findings[0].message).toContain('recalculados');
  });

  it('two events swapped in the log: both positions reported', async () => {
    const [first, second] = [positions['expense-1'][0], positions['expense-2'][0]];
    await asAttacker(sql.unsafe`
      UPDATE events SET position = CASE position WHEN ${first.toString()}::bigint THEN ${second.toString()}::bigint ELSE ${first.toString()}::bigint END + 1000
      WHERE position IN (${first.toString()}::bigint, ${second.toString()}::bigint)`);
    await asAttacker(sql.unsafe`UPDATE events SET position = position - 1000 WHERE position > 1000`);
    const result = await verifyOrganization(deps(), orgA);
    const reordered = result.findings.filter((f) => f.kind === 'reordered').map((f) => f.position);
    expect(reordered).toEqual([first.toString(), second.toString()]);
  });

  it("a stream's last event deleted (event_streams still says revision 2): the deleted position reported", async () => {
    const last = positions['expense-1'][2];
    await asAttacker(sql.unsafe`DELETE FROM events WHERE position = ${last.toString()}::bigint`);
    const result = await verifyOrganization(deps(), orgA);
    expect(result.findings).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'deleted', position: last.toString(), streamId: 'expense-1', revision: 2 }),
      expect.objectContaining({ kind: 'truncated', position: last.toString(), streamId: 'expense-1', revision: 2 }),
    ]));
    expect(result.findings.find((f) => f.kind === 'truncated')?.message).toContain('event_streams registra a revisão 2');
  });

  it('a whole stream deleted with its event_streams row: every position and the stream reported', async () => {
    await asAttacker(sql.unsafe`DELETE FROM events WHERE stream_id = 'expense-2'`);
    await asAttacker(sql.unsafe`DELETE FROM event_streams WHERE stream_id = 'expense-2'`);
    const result = await verifyOrganization(deps(), orgA);
    expect(result.findings.filter((f) => f.kind === 'deleted').map((f) => f.position)).toEqual(positions['expense-2'].map(String));
    expect(result.findings).toContainEqual(expect.objectContaining({ kind: 'stream-deleted', streamId: 'expense-2' }));
  });

  it('an event deleted together with its seal: the position reported from the next seal of the chain', async () => {
    const target = positions['expense-2'][0];
    await asAttacker(sql.unsafe`DELETE FROM events WHERE position = ${target.toString()}::bigint`);
    await asAttacker(sql.unsafe`DELETE FROM audit_seals WHERE position = ${target.toString()}::bigint`);
    const result = await verifyOrganization(deps(), orgA);
    expect(result.findings[0]).toMatchObject({ kind: 'deleted', position: target.toString() });
  });

  it('the newest events deleted with their seals and checkpoint rewritten: the forged checkpoint is refused', async () => {
    const last = positions['expense-2'][1];
    await asAttacker(sql.unsafe`DELETE FROM events WHERE position = ${last.toString()}::bigint`);
    await asAttacker(sql.unsafe`DELETE FROM audit_seals WHERE position = ${last.toString()}::bigint`);
    await asAttacker(sql.unsafe`UPDATE audit_checkpoints SET position = ${positions['expense-1'][2].toString()}::bigint, event_count = 4 WHERE organization_id = ${orgA}`);
    const result = await verifyOrganization(deps(), orgA);
    expect(result.findings).toContainEqual(expect.objectContaining({ kind: 'checkpoint', message: expect.stringContaining('assinatura inválida') }));
    expect(result.findings).toContainEqual(expect.objectContaining({ kind: 'truncated', streamId: 'expense-2', revision: 1 }));
  });

  it('a gap in positions not yet sealed: the missing position reported', async () => {
    const middle = await append('expense-1', orgA, '13.00');
    await append('expense-1', orgA, '14.00');
    await asAttacker(sql.unsafe`DELETE FROM events WHERE position = ${middle.toString()}::bigint`);
    const result = await verifyAll(deps());
    expect(result.findings).toContainEqual(expect.objectContaining({ kind: 'gap', position: middle.toString(), message: `Lacuna no log: posição ${middle} ausente` }));
    expect(result.findings).toContainEqual(expect.objectContaining({ kind: 'deleted', streamId: 'expense-1', revision: 3 }));
  });

  it('an event moved to another organization: missing from one chain, unsealed in the other', async () => {
    const target = positions['expense-2'][1];
    await asAttacker(sql.unsafe`UPDATE events SET metadata = jsonb_set(metadata, '{organizationId}', to_jsonb(${orgB}::text)) WHERE position = ${target.toString()}::bigint`);
    expect((await verifyOrganization(deps(), orgA)).findings).toContainEqual(expect.objectContaining({ kind: 'deleted', position: target.toString() }));
    expect((await verifyOrganization(deps(), orgB)).findings).toContainEqual(expect.objectContaining({ kind: 'unsealed', position: target.toString() }));
  });

  it('seals re-signed with another key: refused', async () => {
    const forger = auditKeyFrom(randomBytes(32));
    const result = await verifyOrganization({ ...deps(), auditKey: forger }, orgA);
    expect(result.findings).toContainEqual(expect.objectContaining({ kind: 'key' }));
  });
});
