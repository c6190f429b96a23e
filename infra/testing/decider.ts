// Decider tests read as specifications: given(past events).when(command).then(new events) or .thenFails(status).
import * as assert from 'uvu/assert';
import type { DomainEvent } from '../../contracts/events.ts';
import type { Decider } from '../../service/commands.ts';
import { HttpError } from '../../service/http/errors.ts';

export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          return {
            then(expected: Event[]) {
              assert.equal(decider.decide(command, state), expected);
            },
            /** the command is refused with this HTTP status (and message, when given) */
            thenFails(status: number, message?: string | RegExp) {
              let refused: unknown;
              try {
                decider.decide(command, state);
              } catch (error) {
                refused = error;
              }
              assert.instance(refused, HttpError, 'expected the command to be refused');
              assert.is((refused as HttpError).status, status);
              if (message !== undefined) assert.match((refused as HttpError).message, message);
            },
          };
        },
      };
    },
  };
}
