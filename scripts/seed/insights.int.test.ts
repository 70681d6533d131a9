// The demo organization's history gives a handful of meaningful insights, analysed once at the
// end of the seed, whatever day the demo is created.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, clientFor, settleLog, type TestApp } from '../../test-support/app';
import { DEMO, seedDemo } from './demo';

type InsightBody = { type: string; title: string; content: string; priority: string; rule: string };

describe('demo insights', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  for (const day of ['2025-06-20T15:00:00.000Z', '2026-01-03T12:00:00.000Z']) {
    it(`analyses the seeded bakery at the end of the seed (${day.slice(0, 10)})`, async () => {
      const t = await createTestApp({ clock: () => new Date(day) });
      apps.push(t);
      await seedDemo(t.deps);
      const session = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
      const admin = clientFor(t.app, session.cookie, session.body.user.id, session.body.organization!.id);
      const insights = (await admin.request('GET', '/api/ai-insights')).json() as InsightBody[];
      if (process.env.PRINT_INSIGHTS) for (const i of insights) console.log(`[${i.priority}] ${i.type} ${i.title}\n    ${i.content}`);
      expect(insights.length).toBeGreaterThanOrEqual(4);
      expect(insights.length).toBeLessThanOrEqual(12);
      expect(new Set(insights.map((i) => i.type)).size).toBeGreaterThanOrEqual(3);
      expect(insights[0].priority).toBe('high');
      expect(insights.map((i) => i.rule)).toEqual(expect.arrayContaining(['overdue-revenues', 'budget-overrun']));
      for (const i of insights) expect(i.content).toMatch(/R\$ [\d.]+,\d\d|\d+%/);
    }, 180_000);
  }

  it('a restart seeds nothing again: the demo organization found, the server starts', async () => {
    const t = await createTestApp();
    apps.push(t);
    await seedDemo(t.deps);
    // The seed's budget alerts are raised (appended) by the dispatcher after the seed returns.
    await settleLog(t);
    const head = await t.deps.eventStore.headPosition();
    await expect(seedDemo(t.deps)).resolves.toBeUndefined();
    expect(await t.deps.eventStore.headPosition()).toBe(head);
  }, 180_000);
});
