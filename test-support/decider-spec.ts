// Given / when / then for deciders: the events so far, a command, then the new events or the error.
import { expect } from 'vitest';
import type { Command, Decider, Event } from '../domain/shared/decider';
import { DomainError, type DomainErrorKind } from '../domain/shared/errors';

export function deciderSpec<S, C extends Command, E extends Event>(decider: Decider<S, C, E>) {
  return (history: E[]) => ({
    when: (command: C) => {
      const decide = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: E[]) => expect(decide()).toEqual(expected),
        thenThrows: (kind: DomainErrorKind, message?: string | RegExp) => {
          let thrown: unknown;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).kind).toBe(kind);
          if (typeof message === 'string') expect((thrown as DomainError).message).toBe(message);
          else if (message) expect((thrown as DomainError).message).toMatch(message);
        },
      };
    },
  });
}
