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
