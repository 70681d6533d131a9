// The auditor role, the audit API, the impersonation trail inside the log, and export → replay.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationFigures } from '../../app/audit/figures';
import { loadExport, parseExport, verifyExport } from '../../app/audit/replay';
import { createPostgresEventStore } from '../../app/eventstore/postgres';
import { projectors } from '../../projections/registry';
import { createProjectionRunner } from '../../projections/runner';
import { clientFor, createSuperAdmin, createTestApp, loginAs, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { dataUrl, samplePdf } from '../../test-support/attachments';
import { createTestDatabase } from '../../test-support/database';

let t: TestApp;
let now: Date | null = null;
let alfa: { organizationId: string; admin: Client; viewer: Client };
let beta: { organizationId: string; admin: Client };
let root: Client;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now ?? new Date() });
  const a = await seedTenant(t, 'Alfa Auditada');
  alfa = { organizationId: a.organizationId, admin: a.admin, viewer: a.users[0] };
  const b = await seedTenant(t, 'Beta Vizinha');
  beta = { organizationId: b.organizationId, admin: b.admin };
  root = await createSuperAdmin(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ok = async (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as Record<string, unknown> & { id: string };
};

async function grantAuditor(validFrom: string, validUntil: string): Promise<{ id: string; email: string }> {
  const email = `auditor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@externo.test`;
  const created = await ok(await alfa.admin.request('POST', '/api/organization/users', {
    username: 'Auditora Externa', email, password: 'senha123', role: 'auditor', auditValidFrom: validFrom, auditValidUntil: validUntil,
  }));
  expect(created).toMatchObject({ role: 'auditor', auditValidFrom: validFrom, auditValidUntil: validUntil });
  return { id: created.id, email };
}

describe('auditor role', () => {
  it('an org admin grants it only with a period, in order', async () => {
    const missing = await alfa.admin.request('POST', '/api/organization/users', { username: 'Sem período', email: `sp-${Date.now()}@x.test`, password: 'senha123', role: 'auditor' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Informe o período de acesso do auditor');
    const reversed = await alfa.admin.request('POST', '/api/organization/users', {
      username: 'Invertido', email: `inv-${Date.now()}@x.test`, password: 'senha123', role: 'auditor', auditValidFrom: '2026-03-10', auditValidUntil: '2026-03-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('A data final do acesso deve ser igual ou posterior à data inicial');
    // A view-only user cannot grant it.
    const byViewer = await alfa.viewer.request('POST', '/api/organization/users', {
      username: 'Tentativa', email: `t-${Date.now()}@x.test`, password: 'senha123', role: 'auditor', auditValidFrom: '2026-03-01', auditValidUntil: '2026-03-31',
    });
    expect(byViewer.statusCode).toBe(403);
  });

  it('reads everything of its organization inside its period, writes nothing, and is refused outside it', async () => {
    now = new Date('2026-03-12T15:00:00Z');
    try {
      const granted = await grantAuditor('2026-03-10', '2026-03-13');
      const session = await loginAs(t.app, granted.email, 'senha123');
      expect(session.body.user).toMatchObject({ role: 'auditor', auditAccess: { validFrom: '2026-03-10', validUntil: '2026-03-13' } });
      const auditor = clientFor(t.app, session.cookie, granted.id, alfa.organizationId);
      for (const url of ['/api/expenses', '/api/revenues', '/api/organization/users', '/api/organization/impersonations', '/api/audit/events', '/api/audit/verify']) {
        expect((await auditor.request('GET', url)).statusCode, url).toBe(200);
      }
      const write = await auditor.request('POST', '/api/expenses', { description: 'Não pode', amount: '1.00', category: 'operational', date: '2026-03-12' });
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe('Auditores têm acesso somente leitura.');
      expect((await auditor.request('PUT', '/api/auth/profile', { username: 'Outro nome', email: granted.email })).statusCode).toBe(403);
      expect((await auditor.request('GET', '/api/admin/organizations')).statusCode).toBe(403);

      // The day after the last one (São Paulo): refused, saying when it ended.
      now = new Date('2026-03-14T03:30:00Z');
      const expired = await auditor.request('GET', '/api/expenses');
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toBe('Seu acesso de auditor expirou em 13/03/2026. Peça ao administrador da organização para renová-lo.');
      expect((await auditor.request('GET', '/api/audit/events')).statusCode).toBe(403);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: granted.email, password: 'senha123' } });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toContain('expirou em 13/03/2026');
      // Still 23:59 on the 13th in São Paulo: inside.
      now = new Date('2026-03-14T02:59:00Z');
      expect((await auditor.request('GET', '/api/expenses')).statusCode).toBe(200);

      // Before the first day.
      now = new Date('2026-03-09T12:00:00Z');
      const early = await auditor.request('GET', '/api/expenses');
      expect(early.statusCode).toBe(403);
      expect(early.json().message).toBe('Seu acesso de auditor começa em 10/03/2026.');

      // The admin extends the window: in again.
      now = new Date('2026-03-14T12:00:00Z');
      await ok(await alfa.admin.request('PUT', `/api/organization/users/${granted.id}`, {
        username: 'Auditora Externa', email: granted.email, role: 'auditor', auditValidFrom: '2026-03-10', auditValidUntil: '2026-03-20',
      }));
      expect((await auditor.request('GET', '/api/expenses')).statusCode).toBe(200);
    } finally {
      now = null;
    }
  }, 120_000);

  it('the view-only user does not reach the audit trail', async () => {
    const response = await alfa.viewer.request('GET', '/api/audit/events');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Apenas administradores e auditores da organização podem consultar a auditoria.');
  });
});

describe('audit API', () => {
  it('lists the organization’s events newest first, filtered, paged and never another tenant’s', async () => {
    const expense = await ok(await alfa.admin.request('POST', '/api/expenses', { description: 'Aluguel da sala', amount: '1500.00', category: 'operational', date: '2026-02-05' }));
    await ok(await alfa.admin.request('PUT', `/api/expenses/${expense.id}`, { amount: '1650.00' }));
    const betaExpense = await ok(await beta.admin.request('POST', '/api/expenses', { description: 'Segredo da Beta', amount: '77.00', category: 'operational', date: '2026-02-06' }));

    const byStream = await alfa.admin.request('GET', `/api/audit/events?stream=expense-${expense.id}`);
    expect(byStream.statusCode).toBe(200);
    expect(byStream.json().map((e: { type: string }) => e.type)).toEqual(['ExpenseUpdated', 'ExpenseRecorded']);
    expect(byStream.json()[0]).toMatchObject({ actorUserId: alfa.admin.userId, actorName: 'Admin Alfa Auditada', streamId: `expense-${expense.id}` });

    const all = await alfa.admin.request('GET', '/api/audit/events?limit=500');
    const positions = all.json().map((e: { position: string }) => BigInt(e.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a > b ? -1 : 1)));
    expect(all.body).not.toContain('Segredo da Beta');
    expect(all.json().every((e: { streamId: string }) => e.streamId !== `expense-${betaExpense.id}`)).toBe(true);

    const byType = await alfa.admin.request('GET', '/api/audit/events?type=ExpenseRecorded&stream=expense');
    expect(byType.json().every((e: { type: string }) => e.type === 'ExpenseRecorded')).toBe(true);
    const byActor = await alfa.admin.request('GET', `/api/audit/events?actor=${alfa.admin.userId}&limit=1000`);
    expect(byActor.json().length).toBeGreaterThan(0);
    expect(byActor.json().every((e: { actorUserId: string }) => e.actorUserId === alfa.admin.userId)).toBe(true);

    const page = await alfa.admin.request('GET', '/api/audit/events?limit=2&offset=1');
    expect(page.json()).toHaveLength(2);
    expect(page.json()[0].position).toBe(all.json()[1].position);
    expect(Number(page.headers['x-total-count'])).toBe(all.json().length);

    const future = await alfa.admin.request('GET', '/api/audit/events?from=2100-01-01T00:00:00Z');
    expect(future.json()).toEqual([]);
    const bad = await alfa.admin.request('GET', '/api/audit/events?from=ontem');
    expect(bad.statusCode).toBe(400);

    // Another tenant's record: as if it did not exist.
    expect((await alfa.admin.request('GET', `/api/audit/events?stream=expense-${betaExpense.id}`)).json()).toEqual([]);
    expect((await alfa.admin.request('GET', `/api/audit/streams/expense-${betaExpense.id}`)).statusCode).toBe(404);
  }, 120_000);

  it('gives a record’s history with the state after each event', async () => {
    const goal = await ok(await alfa.admin.request('POST', '/api/financial-goals', { name: 'Reserva de emergência', targetAmount: '10000.00', category: 'emergency_fund' }));
    await ok(await alfa.admin.request('POST', `/api/financial-goals/${goal.id}/contributions`, { amount: '2500.00' }));
    const history = await ok(await alfa.admin.request('GET', `/api/audit/streams/goal-${goal.id}`));
    const steps = history.steps as { type: string; state: { goal: { currentAmount: string; targetAmount: string; name: string } } }[];
    expect(steps.map((s) => s.type)).toEqual(['FinancialGoalCreated', 'FinancialGoalContributionAdded']);
    expect(steps[0].state.goal).toMatchObject({ name: 'Reserva de emergência', currentAmount: '0', targetAmount: '1000000' });
    expect(steps[1].state.goal.currentAmount).toBe('250000');
  });

  it('answers the verifier’s result for the organization', async () => {
    const result = await ok(await alfa.admin.request('GET', '/api/audit/verify'));
    expect(result).toMatchObject({ ok: true, organizationId: alfa.organizationId, findings: [] });
    expect(result.checkedEvents as number).toBeGreaterThan(3);
    expect(result.checkpoints as number).toBeGreaterThan(0);
  });
});

describe('impersonation trail', () => {
  it('records every request with query and redacted body as events of the organization', async () => {
    const started = await root.request('POST', '/api/admin/impersonate', { organizationId: alfa.organizationId, reason: 'Chamado 4521' });
    expect(started.statusCode).toBe(200);
    await ok(await root.request('GET', '/api/expenses?filter=%7B%22q%22%3A%22aluguel%22%7D&range=%5B0%2C9%5D'));
    const pdf = dataUrl('application/pdf', await samplePdf(['Recibo do suporte']));
    await ok(await root.request('POST', '/api/expenses', { description: 'Lançada pelo suporte', amount: '42.00', category: 'operational', date: '2026-03-02', attachmentUrl: pdf, attachmentName: 'recibo.pdf', attachmentType: 'application/pdf' }));
    await ok(await root.request('PUT', '/api/auth/change-password', { currentPassword: 'senha123', newPassword: 'senha123' }));
    await ok(await root.request('POST', '/api/admin/stop-impersonation'));

    const trail = await ok(await alfa.admin.request('GET', '/api/audit/events?type=ImpersonatedRequestRecorded&limit=100'));
    const requests = (trail as unknown as { data: { method: string; path: string; query: Record<string, unknown> | null; body: Record<string, unknown> | null; status: number; ip: string | null; userAgent: string | null } }[]).map((e) => e.data);
    const list = requests.find((r) => r.method === 'GET' && r.path === '/api/expenses');
    expect(list?.query).toEqual({ filter: '{"q":"aluguel"}', range: '[0,9]' });
    expect(list?.status).toBe(200);
    const created = requests.find((r) => r.method === 'POST' && r.path === '/api/expenses');
    expect(created?.body).toMatchObject({ description: 'Lançada pelo suporte', amount: '42.00' });
    expect(String(created?.body?.attachmentUrl)).toMatch(/^\[removido: arquivo/);
    const password = requests.find((r) => r.path === '/api/auth/change-password');
    expect(password?.body).toEqual({ currentPassword: '[removido: dado sigiloso]', newPassword: '[removido: dado sigiloso]' });
    expect(JSON.stringify(trail)).not.toContain('senha123');
    expect(JSON.stringify(trail)).not.toContain(pdf.slice(30, 90));
    expect(requests.some((r) => r.path === '/api/admin/stop-impersonation')).toBe(true);

    // The session's detail shows the same requests, with their query; the trail is inside the verified chain.
    const sessions = await ok(await alfa.admin.request('GET', '/api/organization/impersonations'));
    const sessionId = (sessions as unknown as { id: string; reason: string }[]).find((s) => s.reason === 'Chamado 4521')!.id;
    const detail = await ok(await alfa.admin.request('GET', `/api/organization/impersonations/${sessionId}`));
    const detailRequests = detail.requests as { path: string; query: unknown }[];
    expect(detailRequests.find((r) => r.path === '/api/expenses')?.query).toEqual({ filter: '{"q":"aluguel"}', range: '[0,9]' });
    expect((detail.events as { type: string }[]).map((e) => e.type)).not.toContain('ImpersonatedRequestRecorded');
    const byImpersonator = await ok(await alfa.admin.request('GET', `/api/audit/events?impersonator=${root.userId}&type=ExpenseRecorded`));
    expect((byImpersonator as unknown as unknown[]).length).toBe(1);
    expect((await ok(await alfa.admin.request('GET', '/api/audit/verify'))).ok).toBe(true);
  }, 120_000);
});

describe('export and replay', () => {
  it('exports the signed history and replays it into an empty database with identical figures (in process and by the CLI)', async () => {
    for (const [description, amount, date, extra] of [
      ['Fornecedor janeiro', '320.10', '2026-01-15', {}], ['Internet', '99.90', '2026-01-20', { isRecurring: true, recurringPeriod: 'monthly', recurringDuration: 6 }],
      ['Marketing março', '1234.56', '2026-03-03', { status: 'approved' }],
    ] as const) {
      await ok(await alfa.admin.request('POST', '/api/expenses', { description, amount, date, category: 'operational', ...extra }));
    }
    await ok(await alfa.admin.request('POST', '/api/revenues', { description: 'Consultoria', amount: '5000.00', date: '2026-01-28', status: 'received' }));
    await ok(await alfa.admin.request('POST', '/api/revenues', { description: 'Projeto', amount: '2750.35', date: '2026-03-18' }));
    await ok(await alfa.admin.request('POST', '/api/budgets', { category: 'marketing', budgetAmount: '2000.00', period: 'monthly' }));
    await ok(await alfa.admin.request('POST', '/api/investments', { name: 'CDB', type: 'Renda Fixa', amount: '3000.00', expectedReturn: '11.5', duration: '12 meses', risk: 'Baixo' }));

    const exported = await alfa.admin.request('GET', '/api/audit/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/x-ndjson');
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="fluxo-auditoria-.*\.ndjson"/);
    const text = exported.body;
    const data = parseExport(text);
    expect(verifyExport(t.deps.auditKey!, data)).toEqual([]);
    expect(data.organizationId).toBe(alfa.organizationId);
    expect(data.checkpoint).not.toBeNull();
    expect(data.attachments.length).toBeGreaterThan(0);
    expect(Buffer.from(data.attachments[0].bytesBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(data.events.some((e) => e.type === 'ImpersonatedRequestRecorded')).toBe(true);
    expect(data.events.every((e) => e.metadata.organizationId === alfa.organizationId)).toBe(true);
    expect(text).not.toContain('Segredo da Beta');

    // A changed amount, or a dropped line, no longer verifies.
    const edited = text.replace('"amount":"123456"', '"amount":"123457"');
    expect(edited).not.toBe(text);
    expect(verifyExport(t.deps.auditKey!, parseExport(edited)).join('\n')).toMatch(/evento alterado/);
    const lines = text.split('\n');
    const dropped = lines.filter((_, i) => i !== 3).join('\n');
    expect(verifyExport(t.deps.auditKey!, parseExport(dropped)).length).toBeGreaterThan(0);

    const source = await organizationFigures(t.deps.db, alfa.organizationId);
    expect(source.months.length).toBeGreaterThanOrEqual(3);
    expect(source.months.some((m) => m.income !== '0')).toBe(true);
    expect(source.months.some((m) => m.expenses !== '0')).toBe(true);

    // In process: load into an empty database, rebuild every read model, same figures.
    const target = await createTestDatabase();
    try {
      const eventStore = createPostgresEventStore(target.db, target.url);
      await loadExport({ db: target.db, eventStore }, data);
      await createProjectionRunner({ db: target.db, connectionString: target.url, eventStore, projectors }).catchUp();
      expect(await organizationFigures(target.db, alfa.organizationId)).toEqual(source);
      await expect(loadExport({ db: target.db, eventStore }, data)).rejects.toThrow(/não está vazio/);
      await eventStore.close();
    } finally {
      await target.drop();
    }

    // The CLI, as an auditor runs it: its own empty database (DATABASE_URL), the key from the environment.
    const cliTarget = await createTestDatabase();
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'fluxo-export-')), 'export.ndjson');
      writeFileSync(file, text);
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/audit-replay.ts', '--file', file, '--json'], {
        env: { ...process.env, DATABASE_URL: cliTarget.url, FLUXO_AUDIT_KEY: t.deps.auditKey!.secret.toString('hex') },
        timeout: 120_000,
      });
      const printed = JSON.parse(stdout.trim().split('\n').at(-1)!);
      expect(printed).toEqual(source);
      expect(stdout).toContain('Assinatura e cadeia conferem');
      // A tampered file is refused before anything is loaded.
      writeFileSync(file, edited);
      const refused = await promisify(execFile)('npx', ['tsx', 'scripts/audit-replay.ts', '--file', file], {
        env: { ...process.env, DATABASE_URL: cliTarget.url, FLUXO_AUDIT_KEY: t.deps.auditKey!.secret.toString('hex') },
        timeout: 120_000,
      }).then(() => null, (error: { code: number; stderr: string }) => error);
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain('Exportação rejeitada');
    } finally {
      await cliTarget.drop();
    }
  }, 300_000);
});
