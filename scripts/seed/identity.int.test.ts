import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, seedTenant, type TestApp } from '../../test-support/app';
import { DEMO_TEAM, seedTeam } from './identity';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo team', () => {
  it('adds a second org_admin and a second organization with its admin, once', async () => {
    const { organizationId, admin } = await seedTenant(t, 'Demo Equipe', []);
    await seedTeam(t.deps, { organizationId, adminUserId: admin.userId, now: new Date() });
    await seedTeam(t.deps, { organizationId, adminUserId: admin.userId, now: new Date() });
    const users = (await admin.request('GET', '/api/organization/users')).json();
    expect(users.map((u: { email: string; role: string }) => `${u.email} ${u.role}`)).toContain(`${DEMO_TEAM.accountant.email} org_admin`);
    const other = await loginAs(t.app, DEMO_TEAM.otherAdmin.email, DEMO_TEAM.otherAdmin.password);
    expect(other.body.organization).toMatchObject({ slug: DEMO_TEAM.otherOrganization.slug });
  });
});
