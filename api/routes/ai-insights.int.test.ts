// The insights API on a real database: analysis of the read models, replacement as events, the
// automatic analysis of risks, permissions, tenant isolation and the notification of critical alerts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../app/insights/engine';
import { insightsStream } from '../../app/insights/insights';
import { createTestApp, seedTenant, type Client, type TestApp } from '../../test-support/app';
import { expense, recordHistory, revenue, steadyCompany } from '../../test-support/insight-history';

const NOW = new Date('2025-06-20T15:00:00.000Z');
const TODAY = '2025-06-20';

type InsightBody = { id: string; type: string; title: string; content: string; priority: string; createdAt: string; origin: string; rule: string };

describe('/api/ai-insights', () => {
  let t: TestApp;
  let admin: Client;
  let viewer: Client;
  let organizationId: string;
  const history = steadyCompany(TODAY);
  history.expenses = [...history.expenses, expense('2025-06-15', 5_500, 'marketing', { description: 'Campanha de inverno' })];

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    const tenant = await seedTenant(t, 'Padaria Insights');
    ({ admin, organizationId } = tenant);
    viewer = tenant.users[0];
    await recordHistory(t.deps, organizationId, history);
  });
  afterAll(async () => t?.close());

  const list = async (client: Client) => {
    const response = await client.request('GET', '/api/ai-insights');
    expect(response.statusCode).toBe(200);
    return response.json() as InsightBody[];
  };

  it('starts empty', async () => {
    expect(await list(admin)).toEqual([]);
  });

  it('generates the analysis of the read models: the same insights as the engine on the same history', async () => {
    const response = await admin.request('POST', '/api/ai-insights/generate');
    expect(response.statusCode).toBe(200);
    const generated = response.json() as InsightBody[];
    const expected = analyze(history, TODAY);
    expect(generated.map((i) => [i.rule, i.type, i.priority, i.title, i.content])).toEqual(expected.map((d) => [d.rule, d.type, d.priority, d.title, d.content]));
    const warnings = generated.filter((i) => i.type === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ title: 'Gasto atípico em Marketing', priority: 'high', origin: 'analysis', createdAt: NOW.toISOString() });
    const listed = await list(admin);
    expect(listed.map((i) => i.id)).toEqual(generated.map((i) => i.id));
    expect(listed[0].priority).toBe('high');
    expect(response.headers['content-range']).toBeUndefined();
  });

  it('records nothing when the same analysis runs again the same day', async () => {
    const before = (await t.deps.eventStore.readStream(insightsStream(organizationId))).length;
    const again = await admin.request('POST', '/api/ai-insights/generate');
    expect(again.statusCode).toBe(200);
    expect((await t.deps.eventStore.readStream(insightsStream(organizationId))).length).toBe(before);
    expect((await list(admin)).length).toBe((again.json() as InsightBody[]).length);
  });

  it('auto-generate returns only new risk alerts, an empty list when there is none', async () => {
    const none = await admin.request('POST', '/api/ai-insights/auto-generate');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);

    await recordHistory(t.deps, organizationId, {
      ...steadyCompany(TODAY), expenses: [],
      revenues: [revenue('2025-05-09', 6_480, 'services', { status: 'pending', description: 'Buffet — Construtora Horizonte' })],
    });
    const fresh = await admin.request('POST', '/api/ai-insights/auto-generate');
    const alerts = fresh.json() as InsightBody[];
    expect(alerts.map((a) => [a.rule, a.title, a.priority, a.origin])).toEqual([['overdue-revenues', 'Receitas pendentes em atraso', 'high', 'auto']]);
    expect(alerts[0].content).toContain('Buffet — Construtora Horizonte (R$ 6.480,00, 42 dias de atraso)');
    expect((await list(admin)).some((i) => i.id === alerts[0].id)).toBe(true);
    expect((await admin.request('POST', '/api/ai-insights/auto-generate')).json()).toEqual([]);
  });

  it('raises a notification for a high-priority alert', async () => {
    let titles: string[] = [];
    for (let i = 0; i < 50 && !titles.includes('Receitas pendentes em atraso'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      titles = ((await admin.request('GET', '/api/notifications')).json() as { title: string; type: string }[]).map((n) => n.title);
    }
    expect(titles).toContain('Receitas pendentes em atraso');
    expect(titles).toContain('Gasto atípico em Marketing');
  });

  it('lets everyone read but only editors analyse', async () => {
    expect((await list(viewer)).length).toBeGreaterThan(0);
    expect((await viewer.request('POST', '/api/ai-insights/generate')).statusCode).toBe(403);
    expect((await viewer.request('POST', '/api/ai-insights/auto-generate')).statusCode).toBe(403);
  });

  it('keeps each organization’s insights to itself', async () => {
    const other = await seedTenant(t, 'Outra Empresa', []);
    expect(await list(other.admin)).toEqual([]);
    const generated = (await other.admin.request('POST', '/api/ai-insights/generate')).json() as InsightBody[];
    expect(generated.map((i) => i.rule)).toEqual(['insufficient-history']);
    expect((await list(admin)).some((i) => i.rule === 'insufficient-history')).toBe(false);
  });

  it('honours react-admin’s sort, range and filter', async () => {
    const response = await admin.request('GET', `/api/ai-insights?filter=${encodeURIComponent('{"type":"warning"}')}&range=[0,0]`);
    expect(response.headers['content-range']).toMatch(/^ai-insights 0-0\/2$/);
    expect((response.json() as InsightBody[])[0].type).toBe('warning');
  });
});
