// The organization a finance command acts on: every finance record belongs to exactly one tenant.
import { forbidden } from '../../domain/shared/errors';
import type { ActorContext } from '../context';

export const NO_ORGANIZATION = 'Selecione uma organização (personificação) para acessar estes dados.';

export function tenantOf(context: ActorContext): string {
  if (!context.organizationId) throw forbidden(NO_ORGANIZATION);
  return context.organizationId;
}
