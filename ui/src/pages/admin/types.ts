// The admin panel's records as the /api/admin endpoints answer them (spec §3).
export type OrganizationStatus = 'active' | 'inactive' | 'suspended';

export interface AdminOrganization {
  id: string;
  name: string;
  slug: string;
  status: OrganizationStatus;
  userCount: number;
  revenue: string;
  createdAt: string;
}

export interface AdminUser {
  id: string;
  username: string;
  email: string;
  role: 'super_admin' | 'org_admin' | 'user' | 'auditor' | 'analyst';
  organizationId: string | null;
  organizationName: string | null;
  lastLogin: string | null;
  createdAt: string;
  avatar: string | null;
}

export const statusChoices: { id: OrganizationStatus; name: string }[] = [
  { id: 'active', name: 'Ativa' },
  { id: 'inactive', name: 'Inativa' },
  { id: 'suspended', name: 'Suspensa' },
];

export const REMOVED_WITH_ORGANIZATION = 'Este usuário foi removido automaticamente quando sua organização foi excluída.';
