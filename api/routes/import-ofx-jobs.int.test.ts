// OFX import as a background job: 202 with a job id, progress readable until the result, the same
// records as the one-request import; bulk appends (many streams per statement) stay idempotent.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendInBulk, planBulkAppend } from '../../app/banking/bulk-append';
import { settleImportJobs } from '../../app/banking/import-jobs';
import { recordedAsFor } from '../../app/banking/ledger';
import { decodeOfxBytes } from '../../app/ofx';
import type { TransactionImported } from '../../domain/banking/imported-transaction';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { buildOfx } from '../../test-support/ofx-builder';
import { statementRows } from '../../test-support/ofx-statement';

const fixture = (name: string) => decodeOfxBytes(new Uint8Array(readFileSync(new URL(`../../../shared/fixtures/ofx/${name}`, import.meta.url))));

let t: TestApp;
let admin: Client;
let viewer: Client;
let stranger: Client;

type Job = { jobId: string; status: string; processed: number; total: number; error: string | null; message?: string; summary?: Record<string, unknown> };

const startImport = (client: Client, ofxContent: string, headers: Record<string, string> = { prefer: 'respond-async' }) =>
  client.request('POST', '/api/import/ofx', { ofxContent, importOptions: { skipDuplicates: true, autoCategorize: true } }, headers);

async function followJob(client: Client, first: Job): Promise<{ final: Job; seen: Job[] }> {
  const seen = [first];
  let job = first;
  for (let i = 0; job.status === 'running' && i < 2_000; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const answer = await client.request('GET', `/api/import/ofx/jobs/${job.jobId}`);
    expect(answer.statusCode).toBe(200);
    job = answer.json();
    seen.push(job);
  }
  return { final: job, seen };
}

const totalOf = async (client: Client, path: string) => {
  const answer = await client.request('GET', `${path}?range=[0,0]`);
  return Number(String(answer.headers['content-range']).split('/')[1]);
};

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, users: [viewer] } = await seedTenant(t, 'Padaria Jobs'));
  ({ admin: stranger } = await seedTenant(t, 'Outra Empresa', []));
});
afterAll(async () => {
  await settleImportJobs();
  await t?.close();
});

describe('OFX import job', () => {
  it('answers 202 with a job, reports progress, and ends with the fixture\'s counts (Inter, 731 transactions); again: all skipped', async () => {
    const file = fixture('inter-checking-dup-fitid-cp1252.ofx');
    const started = await startImport(admin, file);
    expect(started.statusCode).toBe(202);
    const job = started.json() as Job;
    expect(started.headers.location).toBe(`/api/import/ofx/jobs/${job.jobId}`);
    expect(job).toMatchObject({ status: 'running', total: 731, error: null });

    const { final, seen } = await followJob(admin, job);
    expect(final).toMatchObject({ status: 'done', processed: 731, total: 731, error: null, success: true });
    expect(final.summary).toMatchObject({ totalTransactions: 731, importedCount: 731, skippedCount: 0, accountInfo: expect.objectContaining({ accountId: '22222677' }) });
    expect(final.message).toBe('Importação concluída: 731 transações importadas.');
    // Progress only moves forward.
    const processed = seen.map((s) => s.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));

    // Done means the read models show the whole file: every transaction and what it became.
    expect(await totalOf(admin, '/api/imported-transactions')).toBe(731);
    expect((await totalOf(admin, '/api/expenses')) + (await totalOf(admin, '/api/revenues'))).toBe(731);

    const again = await followJob(admin, (await startImport(admin, file)).json());
    expect(again.final.summary).toMatchObject({ totalTransactions: 731, importedCount: 0, skippedCount: 731 });
    expect(await totalOf(admin, '/api/imported-transactions')).toBe(731);
  }, 240_000);

  it('runs a file above 1,000 transactions in the background even when the client did not ask, and records each once', async () => {
    const file = buildOfx({ bankId: '237', accountId: '4455-1' }, statementRows(1_200, { prefix: 'JOB' }));
    const started = await startImport(admin, file, {});
    expect(started.statusCode).toBe(202);
    const { final } = await followJob(admin, started.json());
    expect(final.summary).toMatchObject({ totalTransactions: 1_200, importedCount: 1_200, skippedCount: 0 });
    const expense = ((await admin.request('GET', '/api/expenses?filter={"q":"DAS SIMPLES NACIONAL 1008"}')).json() as Record<string, unknown>[])[0];
    expect(expense).toMatchObject({ description: 'DAS SIMPLES NACIONAL 1008', status: 'completed', expenseType: 'variable', isRecurring: false });
  }, 240_000);

  it("a running job's progress answers at once, even while the read models are behind the job's writes", async () => {
    // Its own app: a read-your-writes wait of 4 s, which the job's first wait for the stopped projections outlasts.
    const quick = await createTestApp({ readYourWritesMs: 4_000 });
    try {
      const { admin: importer } = await seedTenant(quick, 'Padaria Pressa', []);
      await quick.runner.stop();
      let job: Job;
      try {
        const started = await startImport(importer, buildOfx({ bankId: '341', accountId: '9090-1' }, statementRows(300, { prefix: 'PRESSA' })));
        expect(started.statusCode).toBe(202);
        job = started.json();
        await new Promise((r) => setTimeout(r, 5_000));
        // The job's writes are not the session's: a poll must not wait (4 s) for projections that are stopped.
        const asked = Date.now();
        const poll = await importer.request('GET', `/api/import/ofx/jobs/${job.jobId}`);
        expect(Date.now() - asked).toBeLessThan(2_000);
        expect(poll.json()).toMatchObject({ status: 'running', total: 300 });
      } finally {
        await quick.runner.start();
      }
      const { final } = await followJob(importer, job);
      expect(final.summary).toMatchObject({ totalTransactions: 300, importedCount: 300 });
      expect(await totalOf(importer, '/api/imported-transactions')).toBe(300);
    } finally {
      await settleImportJobs();
      await quick.close();
    }
  }, 120_000);

  it('refuses a broken file at once with its pt-BR error: no job, nothing written', async () => {
    const before = await totalOf(admin, '/api/imported-transactions');
    const broken = await startImport(admin, fixture('malformed-fuzz-truncated-stmttrn.ofx'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toMatch(/^Erro ao processar arquivo OFX: /);
    expect(broken.json().jobId).toBeUndefined();
    expect(await totalOf(admin, '/api/imported-transactions')).toBe(before);
  });

  it('a job is its organization\'s: another one gets 404, a view-only user 403', async () => {
    const { final } = await followJob(admin, (await startImport(admin, buildOfx({ bankId: '1', accountId: '777-1' }, statementRows(3, { prefix: 'OWN' })))).json());
    expect(final.status).toBe('done');
    const other = await stranger.request('GET', `/api/import/ofx/jobs/${final.jobId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Importação não encontrada');
    expect((await viewer.request('GET', `/api/import/ofx/jobs/${final.jobId}`)).statusCode).toBe(403);
    expect((await admin.request('GET', '/api/import/ofx/jobs/not-a-job')).statusCode).toBe(404);
  });
});

describe('bulk append', () => {
  it('a plan appended twice records each transaction once: the second run meets existing streams and appends nothing', async () => {
    const organizationId = admin.organizationId as string;
    const work: TransactionImported[] = Array.from({ length: 5 }, (_, i) => {
      const base: TransactionImported = {
        importedTransactionId: crypto.randomUUID(), organizationId, source: 'ofx', connectionId: null, bankName: 'Banco do Brasil', accountId: '1-1',
        fitId: `F${i}`, transactionDate: '2025-02-0' + (i + 1), description: `PAGAMENTO ${i}`, merchant: null, transactionType: i % 2 ? 'credit' : 'debit',
        amount: BigInt(1000 + i), category: i % 2 ? 'services' : 'operational', status: 'approved', accountKey: 'acct_test', identityKind: 'fitid',
        externalId: null, bookingStatus: 'booked', recordedAs: null,
      };
      return { ...base, recordedAs: recordedAsFor(base) };
    });
    const context = { organizationId, actorUserId: admin.userId, requestId: null, correlationId: crypto.randomUUID(), now: new Date() };
    const plan = planBulkAppend(work, 2);
    const first = await appendInBulk(t.deps, plan, context);
    expect(first.created).toBe(5);
    const second = await appendInBulk(t.deps, plan, context);
    expect(second.created).toBe(0);
    for (const data of work) {
      expect(await t.deps.eventStore.readStream(`importedTransaction-${data.importedTransactionId}`)).toHaveLength(1);
      expect(await t.deps.eventStore.readStream(`${data.recordedAs?.kind}-${data.recordedAs?.id}`)).toHaveLength(1);
    }
  });
});
