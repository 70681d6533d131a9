// Who may do what: the role model of the spec's section 6, plus the auditor (read-only, time-bounded).
import { z } from 'zod';

/** `analyst`: a platform role (no organization) that sees and rebuilds the projections, nothing else. */
export const roles = ['super_admin', 'org_admin', 'user', 'auditor', 'analyst'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles, { errorMap: () => ({ message: 'Perfil inválido' }) });

/** canEditData: super_admin and org_admin; `user` is view-only everywhere, and so is `auditor`. */
export function canEditData(role: Role): boolean {
  return role === 'super_admin' || role === 'org_admin';
}

/** Who may read the audit trail of an organization: its admins and its auditors (a super admin while impersonating it). */
export function canReadAudit(role: Role): boolean {
  return role === 'super_admin' || role === 'org_admin' || role === 'auditor';
}

/** Roles of the platform itself: they belong to no organization, and nobody moves into or out of them. */
export const platformRoles: readonly Role[] = ['super_admin', 'analyst'];
export const isPlatformRole = (role: Role): boolean => platformRoles.includes(role);

export const ANALYST_WITHOUT_ORGANIZATION = 'Um analista não pertence a uma organização: deixe a organização em branco';
export const ANALYST_ROLE_FIXED = 'O perfil de um analista não pode ser alterado';
export const NOT_AN_ANALYST = 'Um usuário de uma organização não pode virar analista: crie o analista como um novo usuário, sem organização';
export const SUPER_ADMIN_ROLE_FIXED = 'Um super admin não pode ser rebaixado para uma organização';
export const TENANT_ROLES_ONLY = 'Use org_admin, user ou auditor para usuários de uma organização';

/** Why a user may not go from `from` to `to` (pt-BR), or null: platform roles neither change nor are given to tenant users. */
export function roleChangeRefusal(from: Role, to: Role): string | null {
  if (from === to || (!isPlatformRole(from) && !isPlatformRole(to))) return null;
  if (from === 'super_admin') return SUPER_ADMIN_ROLE_FIXED;
  if (from === 'analyst') return ANALYST_ROLE_FIXED;
  return to === 'analyst' ? NOT_AN_ANALYST : TENANT_ROLES_ONLY;
}
