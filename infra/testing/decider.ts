// Decider tests read as specifications: given(past events).when(command).then(new events) or .thenFails(domain error).
// What the command handler adds (an expected revision) is tested on a real log with commandsOnLog.
import { inspect } from 'node:util';
import * as assert from 'uvu/assert';
import type { DomainError } from '../../contracts/shared/errors.ts';
import { handleCommand, metadataOf, newEventId, type Decider, type HandleOptions } from '../../service/commands.ts';
import { eventCatalog, type ShopEvent } from '../../contracts/eventCatalog.ts';
import { openSqliteEventStore } from '../eventstore/sqlite/sqliteEventStore.ts';
import { withEventVersions } from '../eventstore/versionedEventStore.ts';

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/** Asserts that `refused` is the domain error expected (and carries the message, when given). */
export function assertRefused(refused: unknown, kind: DomainErrorClass, message?: string | RegExp): void {
  assert.ok(refused !== undefined, 'expected the command to be refused');
  assert.instance(refused, kind, `expected ${kind.name}, got ${inspect(refused)}`);
  if (message !== undefined) assert.match((refused as DomainError).message, message);
}

export function deciderSpec<State, Command, Event extends ShopEvent>(decider: Decider<State, Command, Event>) {
  return {
    /** the stream's past: any events the catalogue knows, as a stream may hold others' */
    given: (events: ShopEvent[]) => {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          return {
            then(expected: Event[]) {
              assert.equal(decider.decide(command, state), expected);
            },
            /** the command is refused with this domain error (and message, when given) */
            thenFails(kind: DomainErrorClass, message?: string | RegExp) {
              let refused: unknown;
              try {
                decider.decide(command, state);
              } catch (error) {
                refused = error;
              }
              assertRefused(refused, kind, message);
            },
          };
        },
      };
    },
  };
}

const meta = { causedBy: 'test', requestId: 'test', now: '2026-01-01T00:00:00.000Z' };

/**
 * Runs commands through the command handler against an in-memory log whose `stream` holds `events`: what a command
 * appended (the events and the stream's revision after it), or the error it was refused with.
 */
export async function commandOnLog<State, Command, Event extends ShopEvent>(
  decider: Decider<State, Command, Event>,
  stream: string,
  events: ShopEvent[],
  command: Command,
  options: HandleOptions = {},
): Promise<{ events: Event[]; revision: number } | { refused: unknown }> {
  // The catalogue's layer, as the shop has it: the events given and decided are checked against their schemas.
  const store = withEventVersions(openSqliteEventStore(':memory:'), eventCatalog);
  try {
    if (events.length > 0)
      await store.append(
        stream,
        events.map((event) => ({ ...event, id: newEventId(), metadata: metadataOf(meta) })),
        'no_stream',
      );
    const result = await handleCommand(store, stream, decider, command, meta, options);
    return { events: result.events, revision: result.revision };
  } catch (refused) {
    return { refused };
  } finally {
    await store.close();
  }
}
