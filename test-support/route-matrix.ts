// The API's route table for the access matrices (api/tenancy.int.test.ts, api/roles.int.test.ts):
// for every route with a path parameter and every write, how to make a fresh record of a tenant
// to aim it at, and a valid body — so the answer is about who may do it, never about validation.
//
// Adding a route? Add it here. Both matrices read the routes the server registers and fail,
// naming the route, when one with a :param or a write method has no case below.
import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import { settleSyncs } from '../app/banking/sync';
import { dataUrl, samplePdf, samplePng } from './attachments';
import { buildOfx } from './ofx-builder';
import { createSuperAdmin, seedTenant, type Client, type TestApp } from './app';

export type Tenant = { name: string; organizationId: string; admin: Client; viewer: Client; marker: string };
/** `support` is a second super admin, used only to leave impersonation sessions behind. */
export type MatrixContext = { t: TestApp; root: Client; support: Client; tenant: Tenant };
type Params = Record<string, string>;

/**
 * tenant: an organization's data (writes need edit rights; user is view-only);
 * self: any signed-in person about themselves; platform: the super admin's /api/admin;
 * public: no session needed.
 */
export type RouteKind = 'tenant' | 'self' | 'platform' | 'public';

export type RouteCase = {
  kind: RouteKind;
  /** A fresh record of `ctx.tenant` for the path parameters. */
  params?: (ctx: MatrixContext) => Promise<Params>;
  /** Only the organization's admins may use it, reads included (the view-only user gets 403). */
  adminsOnly?: true;
  /** A valid body; `actor` is who will send it. */
  body?: (ctx: MatrixContext, actor: Client) => unknown | Promise<unknown>;
  /** A valid query string for a read that needs one (`?…`), so its answer is about access, not validation. */
  query?: string;
  /** A platform route the `analyst` may use too: the projections (read, rebuild, replay) and nothing else of /api/admin. */
  analysts?: true;
};

const unique = () => randomUUID().slice(0, 8);
const rebuildable = ['insights', 'organization_revenues', 'investments', 'financial_goals', 'categories', 'revenues'];
let rebuilds = 0;
const nextRebuildable = () => rebuildable[rebuilds++ % rebuildable.length];
const json = async (response: { statusCode: number; body: string; json: () => unknown }, what: string) => {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json() as Record<string, unknown> & { id: string };
};

// One budget per category and period (a second one is refused with 409): each new budget of a
// tenant takes the next free pair.
const budgetSlots = new Map<string, number>();
const nextBudgetSlot = (organizationId: string) => {
  const n = budgetSlots.get(organizationId) ?? 0;
  budgetSlots.set(organizationId, n + 1);
  const categories = ['marketing', 'tecnologia', 'operacional', 'rh', 'administrativo', 'vendas', 'fornecedores', 'impostos', 'investimento'];
  const periods = ['monthly', 'quarterly', 'yearly'];
  if (n >= categories.length * periods.length) throw new Error('the matrix made more budgets than category × period pairs');
  return { category: categories[n % categories.length], period: periods[Math.floor(n / categories.length)] };
};

// ---- makers: each creates a record of ctx.tenant through the API, as its org_admin ----

const post = async (client: Client, url: string, body: unknown) => json(await client.request('POST', url, body), `POST ${url}`);

export const make = {
  user: async ({ tenant }: MatrixContext) =>
    (await post(tenant.admin, '/api/organization/users', { username: `Pessoa ${tenant.marker}`, email: `p-${unique()}@${tenant.organizationId}.test`, role: 'user', password: 'senha123' })).id,
  expense: async ({ tenant }: MatrixContext) =>
    (await post(tenant.admin, '/api/expenses', {
      description: `Despesa ${tenant.marker}`, amount: '120.50', category: 'operational', date: '2026-03-10',
      attachmentUrl: dataUrl('application/pdf', await samplePdf([`Recibo ${tenant.marker}`])), attachmentName: 'recibo.pdf', attachmentType: 'application/pdf',
    })).id,
  category: async ({ tenant }: MatrixContext) => (await post(tenant.admin, '/api/categories', { name: `Categoria ${tenant.marker} ${unique()}`, description: tenant.marker })).id,
  budget: async ({ tenant }: MatrixContext) => (await post(tenant.admin, '/api/budgets', { ...nextBudgetSlot(tenant.organizationId), budgetAmount: '1000.00' })).id,
  revenue: async ({ tenant }: MatrixContext) => (await post(tenant.admin, '/api/revenues', { description: `Receita ${tenant.marker}`, amount: '900.00', date: '2026-03-11' })).id,
  goal: async ({ tenant }: MatrixContext) => (await post(tenant.admin, '/api/financial-goals', { name: `Meta ${tenant.marker}`, targetAmount: '5000.00', category: 'revenue' })).id,
  investment: async ({ tenant }: MatrixContext) =>
    (await post(tenant.admin, '/api/investments', { name: `CDB ${tenant.marker}`, type: 'Renda Fixa', amount: '2000.00', expectedReturn: '12.5', duration: '12 meses', risk: 'Baixo' })).id,
  bankConnection: async ({ tenant }: MatrixContext) =>
    (await post(tenant.admin, '/api/bank-connections', { bankName: 'Banco do Brasil', accountNumber: String(10_000_000 + Math.floor(Math.random() * 89_999_999)), accountType: 'checking' })).id,
  importedTransaction: async (ctx: MatrixContext) => {
    const pool = pendingImports.get(ctx.tenant.organizationId) ?? [];
    if (pool.length === 0) {
      const connectionId = await make.bankConnection(ctx);
      await json(await ctx.tenant.admin.request('POST', `/api/bank-connections/${connectionId}/sync`), 'sync');
      await settleSyncs();
      const filter = encodeURIComponent(JSON.stringify({ connectionId, status: 'pending' }));
      const rows = (await json(await ctx.tenant.admin.request('GET', `/api/imported-transactions?filter=${filter}`), 'imported')) as unknown as { id: string }[];
      pool.push(...rows.map((r) => r.id));
      pendingImports.set(ctx.tenant.organizationId, pool);
    }
    const id = pool.shift();
    if (!id) throw new Error('the sandbox bank imported nothing');
    return id;
  },
  /** A background OFX import job of ctx.tenant (the screen's 'Prefer: respond-async'). */
  ofxJob: async ({ tenant }: MatrixContext) => {
    const content = buildOfx({ bankId: '341', accountId: `${unique()}` }, [{ fitId: unique(), date: '2026-03-05', amount: -12_34n, memo: 'MERCADO' }]);
    const response = await tenant.admin.request('POST', '/api/import/ofx', { ofxContent: content }, { prefer: 'respond-async' });
    return (await json(response, 'ofx job')).jobId as string;
  },
  /** The organization's welcome notification (raised in the background after registration). */
  notification: async ({ tenant }: MatrixContext) =>
    vi.waitFor(async () => {
      const [first] = (await tenant.admin.request('GET', '/api/notifications')).json() as { id: string }[];
      if (!first) throw new Error('no notification yet');
      return first.id;
    }, { timeout: 15_000, interval: 100 }),
  /** A session in which the support super admin acted as the tenant. */
  impersonationSession: async ({ support, tenant }: MatrixContext) => {
    await json(await support.request('POST', '/api/admin/impersonate', { organizationId: tenant.organizationId, reason: `Verificação ${tenant.marker}` }), 'impersonate');
    await support.request('GET', '/api/organization/users');
    await json(await support.request('POST', '/api/admin/stop-impersonation'), 'stop');
    const [session] = (await support.request('GET', '/api/admin/impersonations?sort=["startedAt","DESC"]&range=[0,0]')).json() as { id: string }[];
    return session.id;
  },
  /** The tenant viewer's avatar (its bytes differ per tenant, so its reference does too). */
  avatarRef: async ({ tenant }: MatrixContext) => {
    const me = (await tenant.viewer.request('GET', '/api/auth/me')).json() as { user: { username: string; email: string } };
    const png = Buffer.concat([samplePng, Buffer.from(`${tenant.marker}-${unique()}`)]);
    const updated = await json(await tenant.viewer.request('PUT', '/api/auth/profile', { ...me.user, avatar: dataUrl('image/png', png) }), 'avatar');
    return String((updated.user as { avatar: string }).avatar).split('/').pop() as string;
  },
  organization: async ({ root }: MatrixContext) => (await post(root, '/api/admin/organizations', { name: `Org ${unique()}`, slug: `org-${unique()}` })).id,
  platformUser: async ({ root, tenant }: MatrixContext) =>
    (await post(root, '/api/admin/users', { username: `Admin criou ${tenant.marker}`, email: `adm-${unique()}@teste.com.br`, organizationId: tenant.organizationId, role: 'user', password: 'senha123' })).id,
};

const pendingImports = new Map<string, string[]>();

const id = (maker: (ctx: MatrixContext) => Promise<string>) => async (ctx: MatrixContext) => ({ id: await maker(ctx) });

const ownProfile = async (_ctx: MatrixContext, actor: Client) => ((await actor.request('GET', '/api/auth/me')).json() as { user: { username: string; email: string } }).user;

// ---- the table: "METHOD /api/path" → case ----

export const routeCases: Record<string, RouteCase> = {
  'GET /api/health': { kind: 'public' },
  'GET /api/ready': { kind: 'public' },
  'POST /api/auth/register': { kind: 'public' },
  'POST /api/auth/login': { kind: 'public' },
  'POST /api/auth/logout': { kind: 'public' },
  'POST /api/auth/forgot-password': { kind: 'public' },
  'POST /api/auth/reset-password': { kind: 'public' },
  'POST /api/auth/confirm-email': { kind: 'public' },
  'PUT /api/auth/profile': { kind: 'self', body: async (ctx, actor) => pick(await ownProfile(ctx, actor)) },
  // The same password again: allowed, and every client keeps working.
  'PUT /api/auth/change-password': { kind: 'self', body: () => ({ currentPassword: 'senha123', newPassword: 'senha123' }) },
  'GET /api/auth/avatar/:ref': { kind: 'self', params: async (ctx) => ({ ref: await make.avatarRef(ctx) }) },

  'POST /api/organization/users': { kind: 'tenant', body: ({ tenant }) => ({ username: `Nova ${tenant.marker}`, email: `n-${unique()}@teste.com.br`, role: 'user', password: 'senha123' }) },
  'GET /api/organization/users/:id': { kind: 'tenant', params: id(make.user) },
  'PUT /api/organization/users/:id': { kind: 'tenant', params: id(make.user), body: () => ({ username: 'Nome Novo', email: `e-${unique()}@teste.com.br`, role: 'user' }) },
  'DELETE /api/organization/users/:id': { kind: 'tenant', params: id(make.user) },
  'PUT /api/organization/users/:id/reset-password': { kind: 'tenant', params: id(make.user), body: () => ({ newPassword: 'outra-senha' }) },
  'GET /api/organization/impersonations/:id': { kind: 'tenant', adminsOnly: true, params: id(make.impersonationSession) },

  'GET /api/admin/organizations/:id': { kind: 'platform', params: id(make.organization) },
  'POST /api/admin/organizations': { kind: 'platform', body: () => ({ name: `Nova Org ${unique()}`, slug: `nova-${unique()}` }) },
  'PUT /api/admin/organizations/:id': { kind: 'platform', params: id(make.organization), body: () => ({ name: 'Renomeada', slug: `renomeada-${unique()}`, status: 'active' }) },
  'DELETE /api/admin/organizations/:id': { kind: 'platform', params: id(make.organization) },
  'GET /api/admin/users/:id': { kind: 'platform', params: id(make.platformUser) },
  'POST /api/admin/users': { kind: 'platform', body: ({ tenant }) => ({ username: 'Criado no Admin', email: `a-${unique()}@teste.com.br`, organizationId: tenant.organizationId, role: 'user', password: 'senha123' }) },
  'PUT /api/admin/users/:id': { kind: 'platform', params: id(make.platformUser), body: () => ({ username: 'Editado no Admin', email: `ea-${unique()}@teste.com.br`, role: 'user' }) },
  'PUT /api/admin/users/:id/reset-password': { kind: 'platform', params: id(make.platformUser), body: () => ({ newPassword: 'redefinida123' }) },
  'DELETE /api/admin/users/:id': { kind: 'platform', params: id(make.platformUser) },
  'POST /api/admin/impersonate': { kind: 'platform', body: ({ tenant }) => ({ organizationId: tenant.organizationId, reason: 'Matriz de acesso' }) },
  'POST /api/admin/stop-impersonation': { kind: 'platform' },
  'GET /api/admin/impersonations/:id': { kind: 'platform', params: id(make.impersonationSession) },
  // The projections are the analyst's (and the super admin's); the rest of /api/admin is not.
  'GET /api/admin/projections': { kind: 'platform', analysts: true },
  // One rebuild at a time per projector (409 otherwise): each allowed call asks for another one.
  'POST /api/admin/projections/:name/rebuild': { kind: 'platform', analysts: true, params: async () => ({ name: nextRebuildable() }) },
  'POST /api/admin/projections/:name/organizations/:organizationId/replay': { kind: 'platform', analysts: true, params: async ({ tenant }) => ({ name: nextRebuildable(), organizationId: tenant.organizationId }) },

  'POST /api/expenses': { kind: 'tenant', body: ({ tenant }) => ({ description: `Nova despesa ${tenant.marker}`, amount: '10.00', category: 'operational', date: '2026-03-12' }) },
  'GET /api/expenses/:id': { kind: 'tenant', params: id(make.expense) },
  'GET /api/expenses/:id/attachment': { kind: 'tenant', params: id(make.expense) },
  'PUT /api/expenses/:id': { kind: 'tenant', params: id(make.expense), body: () => ({ description: 'Despesa alterada' }) },
  'DELETE /api/expenses/:id': { kind: 'tenant', params: id(make.expense) },

  'POST /api/categories': { kind: 'tenant', body: ({ tenant }) => ({ name: `Nova categoria ${unique()}`, description: tenant.marker }) },
  'GET /api/categories/:id': { kind: 'tenant', params: id(make.category) },
  'PUT /api/categories/:id': { kind: 'tenant', params: id(make.category), body: () => ({ description: 'Alterada' }) },
  'DELETE /api/categories/:id': { kind: 'tenant', params: id(make.category) },

  'POST /api/budgets': { kind: 'tenant', body: ({ tenant }) => ({ ...nextBudgetSlot(tenant.organizationId), budgetAmount: '300.00' }) },
  'GET /api/budgets/:id': { kind: 'tenant', params: id(make.budget) },
  'PUT /api/budgets/:id': { kind: 'tenant', params: id(make.budget), body: () => ({ budgetAmount: '1500.00' }) },
  'DELETE /api/budgets/:id': { kind: 'tenant', params: id(make.budget) },

  'POST /api/revenues': { kind: 'tenant', body: ({ tenant }) => ({ description: `Nova receita ${tenant.marker}`, amount: '50.00', date: '2026-03-12' }) },
  'GET /api/revenues/:id': { kind: 'tenant', params: id(make.revenue) },
  'PUT /api/revenues/:id': { kind: 'tenant', params: id(make.revenue), body: () => ({ status: 'received' }) },
  'DELETE /api/revenues/:id': { kind: 'tenant', params: id(make.revenue) },

  'POST /api/financial-goals': { kind: 'tenant', body: ({ tenant }) => ({ name: `Nova meta ${tenant.marker}`, targetAmount: '100.00' }) },
  'GET /api/financial-goals/:id': { kind: 'tenant', params: id(make.goal) },
  'PUT /api/financial-goals/:id': { kind: 'tenant', params: id(make.goal), body: () => ({ name: 'Meta alterada' }) },
  'POST /api/financial-goals/:id/contributions': { kind: 'tenant', params: id(make.goal), body: () => ({ amount: '10.00' }) },
  'DELETE /api/financial-goals/:id': { kind: 'tenant', params: id(make.goal) },

  'POST /api/investments': { kind: 'tenant', body: ({ tenant }) => ({ name: `Novo ${tenant.marker}`, type: 'Tesouro Direto', amount: '100.00', expectedReturn: '10', duration: '24 meses', risk: 'Baixo' }) },
  'GET /api/investments/:id': { kind: 'tenant', params: id(make.investment) },
  'PUT /api/investments/:id': { kind: 'tenant', params: id(make.investment), body: () => ({ name: 'Investimento alterado' }) },
  'PUT /api/investments/:id/current-value': { kind: 'tenant', params: id(make.investment), body: () => ({ currentValue: '2100.00' }) },
  'DELETE /api/investments/:id': { kind: 'tenant', params: id(make.investment) },

  'POST /api/bank-connections': { kind: 'tenant', body: () => ({ bankName: 'Itaú Unibanco', accountNumber: String(20_000_000 + Math.floor(Math.random() * 79_999_999)), accountType: 'savings' }) },
  'POST /api/bank-connections/:id/sync': { kind: 'tenant', params: id(make.bankConnection) },
  'GET /api/imported-transactions/:id': { kind: 'tenant', params: id(make.importedTransaction) },
  'POST /api/imported-transactions/:id/approve': { kind: 'tenant', params: id(make.importedTransaction) },
  'POST /api/imported-transactions/:id/reject': { kind: 'tenant', params: id(make.importedTransaction) },
  'POST /api/bank-connections/:id/deactivate': { kind: 'tenant', params: id(make.bankConnection) },
  'POST /api/imported-transactions/bulk/approve': { kind: 'tenant', body: async (ctx) => ({ ids: [await make.importedTransaction(ctx)] }) },
  'POST /api/imported-transactions/bulk/reject': { kind: 'tenant', body: async (ctx) => ({ ids: [await make.importedTransaction(ctx)] }) },
  'GET /api/import/ofx/jobs/:id': { kind: 'tenant', adminsOnly: true, params: id(make.ofxJob) },
  'POST /api/import/ofx': {
    kind: 'tenant',
    body: () => ({ ofxContent: buildOfx({ bankId: '341', accountId: `${unique()}` }, [{ fitId: unique(), date: '2026-03-05', amount: -45_90n, memo: 'PADARIA CENTRAL' }]) }),
  },
  'POST /api/documents/analyze': {
    kind: 'tenant',
    body: async () => ({ base64Data: (await samplePdf(['Nota fiscal', 'Total R$ 89,90'])).toString('base64'), mimeType: 'application/pdf', fileName: 'nota.pdf' }),
  },

  'PATCH /api/notifications/mark-all-read': { kind: 'self' },
  'PATCH /api/notifications/:id/read': { kind: 'self', params: id(make.notification) },

  // The audit trail: the organization's admins and auditors only (the view-only user gets 403).
  'GET /api/audit/events': { kind: 'tenant', adminsOnly: true },
  'GET /api/audit/verify': { kind: 'tenant', adminsOnly: true },
  'GET /api/audit/export': { kind: 'tenant', adminsOnly: true },
  'GET /api/audit/streams/:stream': { kind: 'tenant', adminsOnly: true, params: async (ctx) => ({ stream: `expense-${await make.expense(ctx)}` }) },

  'GET /api/reports/generate': { kind: 'tenant', query: '?type=financial-summary&format=pdf&period=current-month' },
  'GET /api/reports/preview': { kind: 'tenant', query: '?type=financial-summary&period=current-month' },

  'POST /api/ai-insights/generate': { kind: 'tenant' },
  'POST /api/ai-insights/auto-generate': { kind: 'tenant' },
};

const pick = (user: { username: string; email: string }) => ({ username: user.username, email: user.email });

export type ApiRoute = { method: string; url: string };

/** The routes the matrices check: every /api route the server registered (no HEAD, no docs). */
export function apiRoutes(routeList: readonly ApiRoute[]): ApiRoute[] {
  const seen = new Set<string>();
  return routeList.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (r.method === 'HEAD' || r.method === 'OPTIONS' || !r.url.startsWith('/api/') || r.url.startsWith('/api/docs') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const isWrite = (method: string) => method !== 'GET';
export const hasParams = (url: string) => url.includes(':');

/** Routes that need a case (a :param or a write) but have none: the matrices fail on these. */
export function uncoveredRoutes(routes: readonly ApiRoute[]): string[] {
  return routes.filter((r) => (isWrite(r.method) || hasParams(r.url)) && !routeCases[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
}

export function fillPath(url: string, params: Params): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(params[name]);
  });
}

/** Two organizations with a view-only user each, the super admin, and a second super admin for support sessions. */
export async function buildMatrix(t: TestApp): Promise<{ root: Client; support: Client; alfa: Tenant; beta: Tenant }> {
  const root = await createSuperAdmin(t);
  const support = await createSuperAdmin(t);
  const tenant = async (name: string, marker: string): Promise<Tenant> => {
    const seeded = await seedTenant(t, name, [{ role: 'user', username: `Leitor ${marker}` }]);
    return { name, organizationId: seeded.organizationId, admin: seeded.admin, viewer: seeded.users[0], marker };
  };
  return { root, support, alfa: await tenant('Alfa Comércio', 'SEGREDO-ALFA'), beta: await tenant('Beta Serviços', 'SEGREDO-BETA') };
}
