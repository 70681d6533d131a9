// `asOf` on the read endpoints (metrics, charts, transactions, cash flow, reports): an ISO-8601
// instant. A past instant answers from the organization's events recorded up to it (time travel);
// an absent one, or one not in the past, answers live. The period parameters keep meaning the
// business dates, so a backdated entry shows both ways: by its date, and only from when it was known.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant, type TenantRead } from '../../app/db/tenant';
import { validationError } from '../../domain/shared/errors';
import type { Projector } from '../../projections/projector';
import { dashboardLedgerProjector } from '../../projections/dashboard/ledger';
import { expensesProjector } from '../../projections/finance/expenses';
import { transactionsProjector } from '../../projections/finance/transactions';
import { PastReads } from '../../projections/past-sessions';

export const AS_OF_HEADER = 'Fluxo-As-Of';

export const asOfQuery = z.object({
  asOf: z.string().optional().describe('Instante ISO-8601 com fuso (ex. 2025-03-12T14:30:00-03:00): responde com os dados como estavam nesse momento'),
});

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const INVALID = 'Data e hora inválidas em asOf: use um instante ISO-8601 com fuso, por exemplo 2025-03-12T14:30:00-03:00';

/** The asOf instant asked for, or null for a live answer (no asOf, or not in the past). */
export function parseAsOf(value: string | undefined, now: Date): Date | null {
  if (value === undefined || value === '') return null;
  const instant = new Date(value);
  if (!INSTANT.test(value) || Number.isNaN(instant.getTime()) || instant.getUTCFullYear() < 1900) {
    throw validationError(INVALID, { asOf: 'Data e hora inválidas' });
  }
  // Calendar check: new Date() rolls 2025-02-30 over to March; the digits must survive the round trip.
  const [date] = value.split('T');
  const offset = /(Z|[+-]\d{2}:\d{2})$/.exec(value)![1];
  const minutes = offset === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(instant.getTime() + minutes * 60_000).toISOString().slice(0, 10);
  if (local !== date) throw validationError(INVALID, { asOf: 'Data e hora inválidas' });
  return instant < now ? instant : null;
}

export type Reading = {
  /** The instant the answer is about: asOf, or the clock for a live answer (for default periods, "today"). */
  now: Date;
  asOf: Date | null;
  read: TenantRead;
};

/** Every read model a past answer can come from: replayed together, so one replay serves them all. */
const PAST_PROJECTORS: readonly Projector[] = [dashboardLedgerProjector, expensesProjector, transactionsProjector];
const pastReads = new WeakMap<object, PastReads>();

function pastReadsOf(deps: Pick<AppDeps, 'db' | 'eventStore'>): PastReads {
  let reads = pastReads.get(deps.db);
  if (!reads) {
    reads = new PastReads(deps.db, deps.eventStore, PAST_PROJECTORS);
    pastReads.set(deps.db, reads);
  }
  return reads;
}

/** Gives back the connections holding past read models (the server's onClose). */
export async function closePastReads(db: object): Promise<void> {
  await pastReads.get(db)?.close();
  pastReads.delete(db);
}

/**
 * How a request reads the tenant's data: live (withTenant), or as of a past instant over
 * `projectors`' read models replayed from the log. Marks a past answer with the Fluxo-As-Of header.
 */
export function readingFor(
  deps: Pick<AppDeps, 'db' | 'eventStore' | 'clock'>,
  organizationId: string,
  query: { asOf?: string },
  projectors: readonly Projector[],
  reply?: FastifyReply,
): Reading {
  const clock = deps.clock();
  const asOf = parseAsOf(query.asOf, clock);
  if (!asOf) return { now: clock, asOf: null, read: (fn) => withTenant(deps.db, organizationId, fn) };
  const missing = projectors.find((projector) => !PAST_PROJECTORS.includes(projector));
  if (missing) throw new Error(`time travel does not replay ${missing.name}: add it to PAST_PROJECTORS`);
  reply?.header(AS_OF_HEADER, asOf.toISOString()).header('Access-Control-Expose-Headers', AS_OF_HEADER);
  return {
    now: asOf,
    asOf,
    read: async (fn) => {
      const position = await deps.eventStore.organizationPositionAt(organizationId, asOf);
      return pastReadsOf(deps).read(organizationId, position, (tx) => fn(tx));
    },
  };
}
