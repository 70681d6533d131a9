// Who may do what: the role model of the spec's section 6.
import { z } from 'zod';

export const roles = ['super_admin', 'org_admin', 'user'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles, { errorMap: () => ({ message: 'Perfil inválido' }) });

/** canEditData: super_admin and org_admin; `user` is view-only everywhere. */
export function canEditData(role: Role): boolean {
  return role === 'super_admin' || role === 'org_admin';
}
