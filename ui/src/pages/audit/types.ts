// The audit API's answers (GET /api/audit/…).
export interface AuditEvent {
  position: string;
  id: string;
  streamId: string;
  revision: number;
  type: string;
  occurredAt: string | null;
  actorUserId: string | null;
  actorName: string | null;
  impersonatorUserId: string | null;
  impersonatorName: string | null;
  impersonationSessionId: string | null;
  requestId: string | null;
  data: Record<string, unknown>;
}

export interface StreamHistory {
  streamId: string;
  aggregate: string;
  steps: (AuditEvent & { state: unknown })[];
}

export interface Verification {
  ok: boolean;
  checkedEvents: number;
  checkpoints: number;
  lastCheckpointAt: string | null;
  verifiedAt: string;
  findings: { kind: string; position: string | null; message: string }[];
}
