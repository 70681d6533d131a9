// An organization user as GET /api/organization/users answers it (spec §3).
export type TenantRole = 'org_admin' | 'user' | 'auditor';

export interface OrganizationUser {
  id: string;
  username: string;
  email: string;
  role: TenantRole | 'super_admin';
  createdAt: string;
  lastLogin: string | null;
  /** An auditor's access window ('AAAA-MM-DD', both days included). */
  auditValidFrom?: string | null;
  auditValidUntil?: string | null;
}

export const roleChoices = [
  { id: 'user', name: 'Usuário' },
  { id: 'org_admin', name: 'Administrador' },
  { id: 'auditor', name: 'Auditor (somente leitura, por período)' },
];
