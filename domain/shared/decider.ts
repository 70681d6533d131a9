// The shape every aggregate follows (Emmett-style): plain data and three pure functions.
import type { z } from 'zod';

export type Event<Type extends string = string, Data = Record<string, unknown>> = { type: Type; data: Data };
export type Command<Type extends string = string, Data = Record<string, unknown>> = { type: Type; data: Data };

export type Decider<State, C extends Command, E extends Event> = {
  initialState: () => State;
  evolve: (state: State, event: E) => State;
  decide: (command: C, state: State) => E[];
};

/** Map of event type → zod schema of its data. */
export type EventSchemas = Record<string, z.ZodTypeAny>;

/** The union of `{ type, data }` events described by a schema map. */
export type EventsOf<S extends EventSchemas> = {
  [K in keyof S & string]: { type: K; data: z.output<S[K]> };
}[keyof S & string];

export function fold<State, E extends Event>(decider: Pick<Decider<State, never, E>, 'initialState' | 'evolve'>, events: readonly E[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** The default of a decider's switch over its commands: the compiler proves it unreachable (as match().exhaustive() did). */
export function unknownCommand(command: never): never {
  throw new Error(`Comando desconhecido: ${(command as { type?: unknown }).type}`);
}
