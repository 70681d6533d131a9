// A process started with --role=projections (no API routes) raises the notifications its triggers
// projection files: in a split deployment the API processes never see those filings in process.
import { randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import { afterAll, describe, expect, it } from 'vitest';
import { auditKeyFrom } from '../app/audit/key';
import { metadataFor, systemContext } from '../app/context';
import { asPlatform } from '../app/db/platform';
import { encodeEvent } from '../app/eventstore/codec';
import { registerOrganization } from '../app/identity/auth';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { runFluxo, type RunningFluxo } from './fluxo';

let database: TestDatabase | null = null;
let projections: RunningFluxo | null = null;
afterAll(async () => {
  await projections?.close();
  await database?.drop();
});

describe('the projections role', () => {
  it('raises a failed bank sync notification by itself, well before the dispatcher full pass (15 s)', async () => {
    database = await createTestDatabase();
    projections = await runFluxo({ databaseUrl: database.url, port: 0, role: 'projections', logLevel: 'silent', auditKey: auditKeyFrom(randomBytes(32)) });
    expect(projections.url).toBe('');
    const { deps } = projections;
    const registered = await registerOrganization(deps, { username: 'Dono', email: 'dono@papelaria.com.br', password: 'senha123', organizationName: 'Papelaria Central', organizationSlug: 'papelaria-central' }, systemContext());
    const org = registered.organizationId;
    const connectionId = crypto.randomUUID();
    const failed = encodeEvent({ type: 'BankSyncFailed', data: { syncId: crypto.randomUUID(), connectionId, organizationId: org, endedAt: new Date().toISOString(), error: 'Banco fora do ar' } });
    await deps.eventStore.append(`bank-connection-${connectionId}`, [failed], { expectedRevision: 'any', metadata: metadataFor(systemContext(new Date(), org)) });
    const raised = () => asPlatform(deps.db, (tx) => tx.oneFirst(sql.unsafe`
      SELECT count(*)::int FROM notifications WHERE organization_id = ${org} AND title <> 'Bem-vindo ao Fluxo!'`));
    await expect.poll(raised, { timeout: 8_000, interval: 200 }).toBe(1);
  }, 60_000);
});
