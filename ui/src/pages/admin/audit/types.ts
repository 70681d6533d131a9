// Impersonation sessions as GET /api/admin/impersonations (and /api/organization/impersonations) answer them.
export interface ImpersonationSession {
  id: string;
  organizationId: string;
  organizationName: string | null;
  superAdminId: string;
  superAdminName: string | null;
  reason: string;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
  endReason: 'stopped' | 'expired' | null;
  status: 'active' | 'ended';
  requestCount: number;
  eventCount: number;
}

export interface ImpersonationDetail extends ImpersonationSession {
  requests: { id: string; method: string; path: string; status: number; durationMs: number; ip: string | null; userAgent: string | null; at: string; query?: Record<string, unknown> | null; body?: unknown }[];
  events: { id: string; position: string; streamId: string; revision: number; type: string; occurredAt: string | null; actorUserId: string | null; impersonatorUserId: string | null; data: Record<string, unknown> }[];
}
