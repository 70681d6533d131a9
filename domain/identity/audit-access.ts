// An auditor's access window: business dates (São Paulo), both days included. Outside it the
// auditor is refused with a message that says when the access starts or when it ended.
import { z } from 'zod';
import { recordedDate, saoPauloDate } from '../shared/dates';
import { validationError } from '../shared/errors';

export const auditAccessSchema = z.object({ validFrom: recordedDate, validUntil: recordedDate });
export type AuditAccess = z.infer<typeof auditAccessSchema>;

export const AUDIT_ACCESS_REQUIRED = 'Informe o período de acesso do auditor (válido de / válido até)';
export const AUDIT_ACCESS_ORDER = 'A data final do acesso deve ser igual ou posterior à data inicial';

const ptBrDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** The window a role needs: an auditor must have one (in order); every other role has none. */
export function auditAccessFor(role: string, access: AuditAccess | null | undefined): AuditAccess | null {
  if (role !== 'auditor') return null;
  if (!access?.validFrom || !access.validUntil) {
    throw validationError(AUDIT_ACCESS_REQUIRED, { auditValidFrom: AUDIT_ACCESS_REQUIRED });
  }
  if (access.validUntil < access.validFrom) throw validationError(AUDIT_ACCESS_ORDER, { auditValidUntil: AUDIT_ACCESS_ORDER });
  return { validFrom: access.validFrom, validUntil: access.validUntil };
}

/** Why an auditor may not act at `now` (pt-BR), or null when the window is open. */
export function auditAccessRefusal(access: AuditAccess | null, now: Date): string | null {
  if (!access) return 'Acesso de auditor sem período definido. Peça ao administrador da organização para renová-lo.';
  const today = saoPauloDate(now);
  if (today < access.validFrom) return `Seu acesso de auditor começa em ${ptBrDate(access.validFrom)}.`;
  if (today > access.validUntil) {
    return `Seu acesso de auditor expirou em ${ptBrDate(access.validUntil)}. Peça ao administrador da organização para renová-lo.`;
  }
  return null;
}
