import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleSyncs } from '../../app/banking/sync';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';

let clock = new Date('2025-03-14T15:00:00Z');
let t: TestApp;
let admin: Client;
let viewer: Client;
let other: Client;

type Row = Record<string, unknown>;
const list = async (client: Client, path: string) => (await client.request('GET', path)).json() as Row[];
const filter = (f: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

async function connect(client: Client, accountNumber: string, bankName = 'Banco do Brasil'): Promise<string> {
  const response = await client.request('POST', '/api/bank-connections', { bankName, accountNumber, accountType: 'checking', connectionType: 'open_banking', syncFrequency: 'daily' });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function sync(client: Client, connectionId: string): Promise<Row> {
  const response = await client.request('POST', `/api/bank-connections/${connectionId}/sync`);
  expect(response.statusCode).toBe(202);
  await settleSyncs();
  const logs = await list(client, `/api/sync-logs?${filter({ connectionId })}`);
  return logs.find((l) => l.id === response.json().syncId)!;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock });
  ({ admin, users: [viewer] } = await seedTenant(t, 'Padaria Banco'));
  ({ admin: other } = await seedTenant(t, 'Outra Empresa', []));
});
afterAll(async () => {
  await settleSyncs();
  await t?.close();
});

describe('bank connections', () => {
  it('lists the supported banks', async () => {
    const banks = await list(admin, '/api/banks/supported');
    expect(banks).toContainEqual({ name: 'Banco do Brasil', code: '001', provider: 'sandbox' });
    expect(banks.length).toBeGreaterThan(10);
  });

  it('creates a connection with the account masked, and refuses missing fields, unknown banks and view-only users', async () => {
    const missing = await admin.request('POST', '/api/bank-connections', { bankName: 'Bradesco', accountNumber: '', accountType: 'checking' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Preencha todos os campos obrigatórios');
    const unknown = await admin.request('POST', '/api/bank-connections', { bankName: 'Banco Imaginário', accountNumber: '1', accountType: 'checking' });
    expect(unknown.statusCode).toBe(400);
    const denied = await viewer.request('POST', '/api/bank-connections', { bankName: 'Bradesco', accountNumber: '1', accountType: 'checking' });
    expect(denied.statusCode).toBe(403);

    const id = await connect(admin, '77123-4', 'Bradesco');
    const [connection] = await list(admin, `/api/bank-connections?${filter({ id })}`);
    expect(connection).toMatchObject({ bankName: 'Bradesco', accountNumber: '****1234', accountType: 'checking', connectionType: 'open_banking', syncFrequency: 'daily', isActive: true, lastSyncAt: null, provider: 'sandbox' });
    expect(JSON.stringify(connection)).not.toContain('77123');
    const twice = await admin.request('POST', '/api/bank-connections', { bankName: 'Bradesco', accountNumber: '771234', accountType: 'checking' });
    expect(twice.statusCode).toBe(409);
    expect(await list(other, '/api/bank-connections')).toEqual([]);
    expect((await other.request('POST', `/api/bank-connections/${id}/sync`)).statusCode).toBe(404);
  });
});

describe('bank sync', () => {
  it('runs in the background, logs start, end and count, and brings nothing new the second time', async () => {
    const id = await connect(admin, '55001-2');
    const first = await sync(admin, id);
    expect(first).toMatchObject({ status: 'success', bankName: 'Banco do Brasil', connectionId: id });
    expect(first.transactionsImported).toBeGreaterThan(20);
    expect(Date.parse(String(first.endTime))).toBeGreaterThanOrEqual(Date.parse(String(first.startTime)));
    const queued = await list(admin, `/api/imported-transactions?${filter({ connectionId: id })}`);
    expect(queued).toHaveLength(Number(first.transactionsImported));
    expect(queued.every((q) => q.status === 'pending' && q.source === 'bank_sync' && q.bankName === 'Banco do Brasil')).toBe(true);
    expect(queued.some((q) => q.description === 'DAS SIMPLES NACIONAL' && q.transactionType === 'debit')).toBe(true);
    expect(queued.filter((q) => q.bookingStatus === 'pending').length).toBeGreaterThan(0);

    const second = await sync(admin, id);
    expect(second).toMatchObject({ status: 'success', transactionsImported: 0 });
    const [connection] = await list(admin, `/api/bank-connections?${filter({ id })}`);
    expect(connection.lastSyncAt).not.toBeNull();
  });

  it('recognises pending transactions booked later under a new id', async () => {
    const id = await connect(admin, '66002-3');
    await sync(admin, id);
    const pendingBefore = await list(admin, `/api/imported-transactions?${filter({ connectionId: id })}`);
    const pendingDays = pendingBefore.filter((q) => q.bookingStatus === 'pending');
    expect(pendingDays.length).toBeGreaterThan(0);

    clock = new Date('2025-03-17T15:00:00Z'); // three days later: 13 and 14 March are booked now
    const later = await sync(admin, id);
    const after = await list(admin, `/api/imported-transactions?${filter({ connectionId: id })}`);
    const byDay = (rows: Row[], day: string) => rows.filter((r) => r.transactionDate === day).length;
    expect(byDay(after, '2025-03-13')).toBe(byDay(pendingBefore, '2025-03-13'));
    expect(byDay(after, '2025-03-14')).toBe(byDay(pendingBefore, '2025-03-14'));
    expect(after.filter((r) => pendingDays.some((p) => p.id === r.id)).every((r) => r.bookingStatus === 'booked')).toBe(true);
    expect(Number(later.transactionsImported)).toBe(after.length - pendingBefore.length);
    clock = new Date('2025-03-14T15:00:00Z');
  });
});

describe('approval of imported transactions', () => {
  let queue: Row[];
  beforeAll(async () => {
    const id = await connect(admin, '88003-4');
    await sync(admin, id);
    queue = await list(admin, `/api/imported-transactions?${filter({ connectionId: id, status: 'pending' })}`);
  });

  it('10 parallel approvals of one imported transaction create one expense', async () => {
    const debit = queue.find((q) => q.transactionType === 'debit')!;
    const responses = await Promise.all(Array.from({ length: 10 }, () => admin.request('POST', `/api/imported-transactions/${debit.id}/approve`)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const approved = responses[0].json();
    expect(approved).toMatchObject({ status: 'approved', recordedAs: { kind: 'expense' } });
    const expenses = await list(admin, `/api/expenses?${filter({ q: String(debit.description) })}`);
    const recorded = expenses.filter((e) => e.id === approved.recordedAs.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amount: debit.amount, date: debit.transactionDate });
    const events = await t.deps.eventStore.readStream(`expense-${approved.recordedAs.id}`);
    expect(events.map((e) => e.type)).toEqual(['ExpenseRecorded']);
    const decisions = await t.deps.eventStore.readStream(`importedTransaction-${debit.id}`);
    expect(decisions.map((e) => e.type)).toEqual(['TransactionImported', 'ImportedTransactionApproved']);
  });

  it('approving a credit records a revenue; rejecting records nothing; the two decisions exclude each other', async () => {
    const credit = queue.find((q) => q.transactionType === 'credit')!;
    const approved = await admin.request('POST', `/api/imported-transactions/${credit.id}/approve`);
    expect(approved.json()).toMatchObject({ status: 'approved', recordedAs: { kind: 'revenue' } });
    const revenues = await list(admin, '/api/revenues');
    expect(revenues.filter((r) => r.id === approved.json().recordedAs.id)).toHaveLength(1);
    expect((await admin.request('POST', `/api/imported-transactions/${credit.id}/reject`)).statusCode).toBe(409);

    const another = queue.filter((q) => q.status === 'pending' && q.id !== credit.id).at(-1)!;
    const rejected = await admin.request('POST', `/api/imported-transactions/${another.id}/reject`);
    expect(rejected.json()).toMatchObject({ status: 'rejected', recordedAs: null });
    expect((await admin.request('POST', `/api/imported-transactions/${another.id}/reject`)).statusCode).toBe(200);
    const approveRejected = await admin.request('POST', `/api/imported-transactions/${another.id}/approve`);
    expect(approveRejected.statusCode).toBe(409);
    expect(approveRejected.json().message).toBe('Esta transação já foi rejeitada');
  });

  it('is for editors of the same organization only', async () => {
    const pending = queue.at(-2)!;
    expect((await viewer.request('POST', `/api/imported-transactions/${pending.id}/approve`)).statusCode).toBe(403);
    expect((await other.request('POST', `/api/imported-transactions/${pending.id}/approve`)).statusCode).toBe(404);
    expect((await other.request('POST', '/api/imported-transactions/nao-e-um-id/reject')).statusCode).toBe(404);
    expect(await list(other, '/api/imported-transactions')).toEqual([]);
    expect((await list(viewer, '/api/imported-transactions')).length).toBeGreaterThan(0);
  });
});

describe('bulk decisions on imported transactions', () => {
  let queue: Row[];
  // An organization of its own: 'Aprovar todas' takes every pending transaction it has.
  let admin: Client;
  const events = async (id: unknown) => (await t.deps.eventStore.readStream(`importedTransaction-${String(id)}`)).map((e) => e.type);
  beforeAll(async () => {
    ({ admin } = await seedTenant(t, 'Padaria Lote', []));
    const id = await connect(admin, '77441-0', 'Itaú Unibanco');
    await sync(admin, id);
    queue = await list(admin, `/api/imported-transactions?${filter({ connectionId: id, status: 'pending' })}`);
    expect(queue.length).toBeGreaterThan(6);
  });

  it('rejects the selected ones together, and refuses (nothing decided) a selection holding one already decided the other way', async () => {
    const [a, b, c] = queue;
    const rejected = await admin.request('POST', '/api/imported-transactions/bulk/reject', { ids: [a.id, b.id] });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ decided: 2, unchanged: 0, message: '2 transações rejeitadas.' });
    expect(await events(a.id)).toEqual(['TransactionImported', 'ImportedTransactionRejected']);
    const states = await list(admin, `/api/imported-transactions?${filter({ status: 'rejected' })}`);
    expect(states.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    // Approving c together with a rejected one: all or nothing, so c stays pending.
    const mixed = await admin.request('POST', '/api/imported-transactions/bulk/approve', { ids: [c.id, a.id] });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe('1 transação selecionada já foi rejeitada; nenhuma foi aprovada.');
    expect(await events(c.id)).toEqual(['TransactionImported']);
    // Rejecting again what is rejected changes nothing.
    expect((await admin.request('POST', '/api/imported-transactions/bulk/reject', { ids: [a.id] })).json()).toMatchObject({ decided: 0, unchanged: 1 });
  });

  it('\'Aprovar todas\' approves every pending transaction, each becoming one expense or revenue', async () => {
    const pendingBefore = await list(admin, `/api/imported-transactions?${filter({ status: 'pending' })}&range=[0,999]`);
    const expensesBefore = (await list(admin, '/api/expenses?range=[0,999]')).length;
    const revenuesBefore = (await list(admin, '/api/revenues?range=[0,999]')).length;
    const all = await admin.request('POST', '/api/imported-transactions/bulk/approve', { all: true });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ decided: pendingBefore.length, unchanged: 0 });
    expect(await list(admin, `/api/imported-transactions?${filter({ status: 'pending' })}`)).toEqual([]);
    const debits = pendingBefore.filter((p) => p.transactionType === 'debit').length;
    expect((await list(admin, '/api/expenses?range=[0,999]')).length).toBe(expensesBefore + debits);
    expect((await list(admin, '/api/revenues?range=[0,999]')).length).toBe(revenuesBefore + pendingBefore.length - debits);
    const one = (await admin.request('GET', `/api/imported-transactions/${pendingBefore[0].id}`)).json();
    expect(one).toMatchObject({ status: 'approved', recordedAs: { kind: pendingBefore[0].transactionType === 'debit' ? 'expense' : 'revenue' } });
    // Approving it once more, alone, records nothing twice.
    expect((await admin.request('POST', `/api/imported-transactions/${one.id}/approve`)).statusCode).toBe(200);
    expect(await t.deps.eventStore.readStream(`${one.recordedAs.kind}-${one.recordedAs.id}`)).toHaveLength(1);
  });

  it('is for editors, for their own organization\'s transactions, and needs a selection', async () => {
    const [, , c] = queue;
    expect((await viewer.request('POST', '/api/imported-transactions/bulk/approve', { all: true })).statusCode).toBe(403);
    const foreign = await other.request('POST', '/api/imported-transactions/bulk/reject', { ids: [c.id] });
    expect(foreign.statusCode).toBe(404);
    const empty = await admin.request('POST', '/api/imported-transactions/bulk/reject', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Selecione ao menos uma transação');
  });
});

describe('disconnecting a bank connection', () => {
  it('deactivates it: listed inactive, no more syncs, its transactions stay, and the account can be connected again', async () => {
    const id = await connect(admin, '55123-7', 'Bradesco');
    await sync(admin, id);
    const imported = await list(admin, `/api/imported-transactions?${filter({ connectionId: id })}`);
    expect(imported.length).toBeGreaterThan(0);
    expect((await viewer.request('POST', `/api/bank-connections/${id}/deactivate`)).statusCode).toBe(403);
    expect((await other.request('POST', `/api/bank-connections/${id}/deactivate`)).statusCode).toBe(404);

    const deactivated = await admin.request('POST', `/api/bank-connections/${id}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({ id, isActive: false, bankName: 'Bradesco' });
    expect((await list(admin, `/api/bank-connections?${filter({ isActive: false })}`)).map((c) => c.id)).toContain(id);
    const refused = await admin.request('POST', `/api/bank-connections/${id}/sync`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Esta conexão bancária está inativa');
    expect(await list(admin, `/api/imported-transactions?${filter({ connectionId: id })}`)).toHaveLength(imported.length);
    // Twice is fine; and the same account may be connected anew.
    expect((await admin.request('POST', `/api/bank-connections/${id}/deactivate`)).statusCode).toBe(200);
    const events = (await t.deps.eventStore.readStream(`bankConnection-${id}`)).map((e) => e.type);
    expect(events.filter((e) => e === 'BankConnectionDeactivated')).toHaveLength(1);
    expect(await connect(admin, '55123-7', 'Bradesco')).not.toBe(id);
  });
});
