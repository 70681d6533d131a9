// Load → decide → append: the single path by which a command becomes events.
import type { Command, Decider, Event } from '../../domain/shared/decider';
import { metadataFor, type ActorContext } from '../context';
import { decodeEvent, encodeEvent } from '../eventstore/codec';
import { ConcurrencyError, type EventStore, type RecordedEvent } from '../eventstore/port';

export type CommandResult<E> = { events: E[]; position: bigint | null; recorded: RecordedEvent[] };

export async function handleCommand<S, C extends Command, E extends Event>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<S, C, E>,
  command: C,
  context: ActorContext,
  options: { retries?: number; newStream?: boolean } = {},
): Promise<CommandResult<E>> {
  const retries = options.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    // A stream named after an id just generated cannot exist yet: the first attempt decides on the
    // initial state without reading it, and its append expects no stream (if one is there after
    // all, the append is refused and the next attempt reads it).
    const history = options.newStream && attempt === 0 ? [] : await eventStore.readStream(streamId);
    const state = history.map((e) => decodeEvent<E>(e)).reduce(decider.evolve, decider.initialState());
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null, recorded: [] };
    try {
      const expectedRevision = history.length === 0 ? 'no_stream' : history[history.length - 1].revision;
      const result = await eventStore.append(streamId, events.map(encodeEvent), { expectedRevision, metadata: metadataFor(context) });
      return { events, position: result.position, recorded: result.events };
    } catch (error) {
      // Another writer got there first: decide again on the new state (decide is pure).
      if (error instanceof ConcurrencyError && attempt < retries) continue;
      throw error;
    }
  }
}

export async function loadState<S, E extends Event>(eventStore: EventStore, streamId: string, decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>): Promise<S> {
  const history = await eventStore.readStream(streamId);
  return history.map((e) => decodeEvent<E>(e)).reduce(decider.evolve, decider.initialState());
}
