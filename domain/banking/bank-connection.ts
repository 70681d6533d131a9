// The BankConnection aggregate: an account linked to a bank feed, and the history of its syncs.
// Syncs live in the connection's stream so only one runs at a time per connection.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { conflict, notFound } from '../shared/errors';

export const accountTypes = ['checking', 'savings', 'credit'] as const;
export const connectionTypes = ['open_banking'] as const;
export const syncFrequencies = ['daily'] as const;
export const providers = ['sandbox', 'pluggy'] as const;
export type BankProvider = (typeof providers)[number];

/** A sync still "running" after this long was interrupted (process stopped); a new one may start. */
export const SYNC_STALE_AFTER_MS = 10 * 60 * 1000;

export const bankConnectionEvents = {
  BankConnectionCreated: z.object({
    connectionId: z.string(),
    organizationId: z.string(),
    bankName: z.string(),
    accountNumberMasked: z.string(),
    accountType: z.enum(accountTypes),
    connectionType: z.enum(connectionTypes),
    syncFrequency: z.enum(syncFrequencies),
    provider: z.enum(providers),
    /** Hash of bank code + account number (app/banking/keys.ts): matches statements of the same account. */
    accountKey: z.string().default(''),
    /** The aggregator's item (Pluggy) this account belongs to; null for the sandbox. */
    providerItemId: z.string().nullable().default(null),
  }),
  BankConnectionDeactivated: z.object({ connectionId: z.string(), organizationId: z.string() }),
  BankSyncStarted: z.object({ syncId: z.string(), connectionId: z.string(), organizationId: z.string(), startedAt: z.string() }),
  BankSyncCompleted: z.object({ syncId: z.string(), connectionId: z.string(), organizationId: z.string(), endedAt: z.string(), transactionsImported: z.number().int() }),
  BankSyncFailed: z.object({ syncId: z.string(), connectionId: z.string(), organizationId: z.string(), endedAt: z.string(), error: z.string() }),
};
export type BankConnectionEvent = EventsOf<typeof bankConnectionEvents>;
export type BankConnectionCreated = z.output<typeof bankConnectionEvents.BankConnectionCreated>;

export type BankConnectionCommand =
  | { type: 'CreateBankConnection'; data: BankConnectionCreated }
  | { type: 'DeactivateBankConnection'; data: { organizationId: string } }
  | { type: 'StartBankSync'; data: { organizationId: string; syncId: string; now: string } }
  | { type: 'CompleteBankSync'; data: { syncId: string; now: string; transactionsImported: number } }
  | { type: 'FailBankSync'; data: { syncId: string; now: string; error: string } };

export type RunningSync = { syncId: string; startedAt: string };

export type BankConnectionState =
  | { status: 'none' }
  | { status: 'active' | 'inactive'; connection: BankConnectionCreated; running: RunningSync | null; lastSyncAt: string | null };

export const CONNECTION_NOT_FOUND = 'Conexão bancária não encontrada';

function requireOwn(state: BankConnectionState, organizationId: string): Exclude<BankConnectionState, { status: 'none' }> {
  if (state.status === 'none' || state.connection.organizationId !== organizationId) throw notFound(CONNECTION_NOT_FOUND);
  return state;
}

const ended = (state: BankConnectionState, syncId: string, endedAt: string | null): BankConnectionState =>
  state.status === 'none' || state.running?.syncId !== syncId ? state : { ...state, running: null, lastSyncAt: endedAt ?? state.lastSyncAt };

export const bankConnection: Decider<BankConnectionState, BankConnectionCommand, BankConnectionEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'BankConnectionCreated' }, ({ data }): BankConnectionState => ({ status: 'active', connection: data, running: null, lastSyncAt: null }))
      .with({ type: 'BankConnectionDeactivated' }, (): BankConnectionState => (state.status === 'none' ? state : { ...state, status: 'inactive' }))
      .with({ type: 'BankSyncStarted' }, ({ data }): BankConnectionState =>
        state.status === 'none' ? state : { ...state, running: { syncId: data.syncId, startedAt: data.startedAt } })
      .with({ type: 'BankSyncCompleted' }, ({ data }) => ended(state, data.syncId, data.endedAt))
      .with({ type: 'BankSyncFailed' }, ({ data }) => ended(state, data.syncId, null))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      .with({ type: 'CreateBankConnection' }, ({ data }): BankConnectionEvent[] => {
        if (state.status !== 'none') throw conflict('Conexão bancária já existe');
        return [{ type: 'BankConnectionCreated', data }];
      })
      .with({ type: 'DeactivateBankConnection' }, ({ data }): BankConnectionEvent[] => {
        const current = requireOwn(state, data.organizationId);
        if (current.status === 'inactive') return [];
        return [{ type: 'BankConnectionDeactivated', data: { connectionId: current.connection.connectionId, organizationId: data.organizationId } }];
      })
      .with({ type: 'StartBankSync' }, ({ data }): BankConnectionEvent[] => {
        const current = requireOwn(state, data.organizationId);
        if (current.status === 'inactive') throw conflict('Esta conexão bancária está inativa');
        const { connectionId, organizationId } = current.connection;
        const events: BankConnectionEvent[] = [];
        if (current.running) {
          // Clicking sync while one runs joins it (no event); one left over by a stopped process is closed.
          if (Date.parse(data.now) - Date.parse(current.running.startedAt) < SYNC_STALE_AFTER_MS) return [];
          events.push({ type: 'BankSyncFailed', data: { syncId: current.running.syncId, connectionId, organizationId, endedAt: data.now, error: 'Sincronização interrompida' } });
        }
        events.push({ type: 'BankSyncStarted', data: { syncId: data.syncId, connectionId, organizationId, startedAt: data.now } });
        return events;
      })
      .with({ type: 'CompleteBankSync' }, ({ data }): BankConnectionEvent[] => {
        if (state.status === 'none' || state.running?.syncId !== data.syncId) return [];
        const { connectionId, organizationId } = state.connection;
        return [{ type: 'BankSyncCompleted', data: { syncId: data.syncId, connectionId, organizationId, endedAt: data.now, transactionsImported: data.transactionsImported } }];
      })
      .with({ type: 'FailBankSync' }, ({ data }): BankConnectionEvent[] => {
        if (state.status === 'none' || state.running?.syncId !== data.syncId) return [];
        const { connectionId, organizationId } = state.connection;
        return [{ type: 'BankSyncFailed', data: { syncId: data.syncId, connectionId, organizationId, endedAt: data.now, error: data.error } }];
      })
      .exhaustive(),
};
