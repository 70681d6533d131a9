import { describe, expect, it } from 'vitest';
import { ANALYST_ROLE_FIXED, ANALYST_WITHOUT_ORGANIZATION, NOT_AN_ANALYST, SUPER_ADMIN_ROLE_FIXED, TENANT_ROLES_ONLY, roleChangeRefusal, type Role } from './roles';
import { user, type UserState } from './user';

const active = (role: Role, organizationId: string | null): UserState => ({
  status: 'active', id: 'u1', organizationId, username: 'Ana', email: 'ana@fluxo.app', role, avatarRef: null, auditAccess: null,
});
const register = (role: Role, organizationId: string | null) =>
  user.decide({ type: 'RegisterUser', data: { userId: 'u1', organizationId, username: 'Ana', email: 'ana@fluxo.app', role, now: '2026-11-26T12:00:00Z' } }, user.initialState());

describe('platform roles (super admin, analyst)', () => {
  it('an analyst is registered without an organization, never inside one', () => {
    expect(register('analyst', null)).toEqual([expect.objectContaining({ type: 'UserRegistered', data: expect.objectContaining({ role: 'analyst', organizationId: null }) })]);
    expect(() => register('analyst', 'org-1')).toThrow(ANALYST_WITHOUT_ORGANIZATION);
  });

  it('nobody moves into or out of a platform role; tenant roles change among themselves', () => {
    expect(roleChangeRefusal('user', 'org_admin')).toBeNull();
    expect(roleChangeRefusal('org_admin', 'auditor')).toBeNull();
    expect(roleChangeRefusal('analyst', 'analyst')).toBeNull();
    expect(roleChangeRefusal('analyst', 'org_admin')).toBe(ANALYST_ROLE_FIXED);
    expect(roleChangeRefusal('analyst', 'super_admin')).toBe(ANALYST_ROLE_FIXED);
    expect(roleChangeRefusal('user', 'analyst')).toBe(NOT_AN_ANALYST);
    expect(roleChangeRefusal('super_admin', 'analyst')).toBe(SUPER_ADMIN_ROLE_FIXED);
    expect(roleChangeRefusal('org_admin', 'super_admin')).toBe(TENANT_ROLES_ONLY);
    expect(() => user.decide({ type: 'ChangeUserRole', data: { role: 'user' } }, active('analyst', null))).toThrow(ANALYST_ROLE_FIXED);
    expect(() => user.decide({ type: 'ChangeUserRole', data: { role: 'analyst' } }, active('user', 'org-1'))).toThrow(NOT_AN_ANALYST);
    expect(user.decide({ type: 'ChangeUserRole', data: { role: 'analyst' } }, active('analyst', null))).toEqual([]);
  });
});

describe('changing the login email', () => {
  it('changes the email alone, keeping name and avatar; the same email records nothing', () => {
    const withAvatar = { ...active('user', 'org-1'), avatarRef: 'avatar:abc' } as UserState;
    const events = user.decide({ type: 'ChangeUserEmail', data: { email: 'ana.nova@fluxo.app' } }, withAvatar);
    expect(events).toEqual([{ type: 'UserProfileUpdated', data: { userId: 'u1', username: 'Ana', email: 'ana.nova@fluxo.app' } }]);
    expect(user.evolve(withAvatar, events[0])).toMatchObject({ email: 'ana.nova@fluxo.app', username: 'Ana', avatarRef: 'avatar:abc' });
    expect(user.decide({ type: 'ChangeUserEmail', data: { email: 'ana@fluxo.app' } }, withAvatar)).toEqual([]);
  });
});
