// What an event type is to the shop: its stream, who causes it, and a valibot schema for each version of its payload,
// with the upcasters that carry an older payload to the newest shape. Readers only ever see the newest shape.
//
// Each capability declares its own event types in contracts/<capability>/events.ts, once, with `defineEvents`; the
// TypeScript type of each event is derived from its newest schema (`EventsOf`), never written by hand. A changed event
// keeps its old schemas and gets one more version:
//   versions: [{ schema: V1 }, { schema: V2, upcast: (old: V1) => V2 }]
// and a golden log of its own (docs/events.md says how). contracts/eventCatalog.ts assembles the capabilities' lists.
import * as v from 'valibot';
import type { DomainEvent } from './events.ts';
import type { StreamCategory } from './streams.ts';

export type AnySchema = v.GenericSchema<unknown, unknown>;

/** One version of an event's payload; from version 2 on, `upcast` turns the version before into this one. */
// An upcaster takes the version before, whichever shape that is: `any` keeps each definition's own parameter type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EventVersion = { schema: AnySchema; upcast?: (previous: any) => unknown };

export type EventDefinition = {
  type: string;
  stream: StreamCategory;
  /** who causes it, with the metadata's causedBy in backticks */
  causedBy: string;
  /** what it records, in one sentence */
  description: string;
  /** oldest first: versions[0] is version 1 */
  versions: readonly [EventVersion, ...EventVersion[]];
};

/** A stored event that the code cannot read: an unknown type, or a version newer than the code knows. */
export class UnknownEventVersion extends Error {
  constructor(
    readonly type: string,
    readonly version: number,
    readonly stream: string,
    readonly newest: number | null,
  ) {
    super(
      `The event log holds ${type} version ${version} (stream ${stream}), but this release of the shop ` +
        (newest === null ? `knows no event type ${type}` : `knows ${type} only up to version ${newest}`) +
        '. The log was written by a newer release: run that release or a later one; nothing was changed.',
    );
    this.name = 'UnknownEventVersion';
  }
}

/** The catalogue as the code uses it: definitions by type, upcasting and validation. */
export class EventCatalog {
  readonly #byType = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[]) {
    for (const definition of definitions) {
      if (this.#byType.has(definition.type)) throw new Error(`Event type ${definition.type} is registered twice`);
      definition.versions.forEach((version, i) => {
        if (i > 0 && typeof version.upcast !== 'function')
          throw new Error(`${definition.type} version ${i + 1} has no upcaster from version ${i}`);
      });
      this.#byType.set(definition.type, definition);
    }
  }

  /** A catalogue with some definitions added or replaced (a new version of an event, in a test or a later release). */
  with(...definitions: EventDefinition[]): EventCatalog {
    const replaced = new Set(definitions.map((d) => d.type));
    return new EventCatalog([...[...this.#byType.values()].filter((d) => !replaced.has(d.type)), ...definitions]);
  }

  get definitions(): EventDefinition[] {
    return [...this.#byType.values()];
  }

  definition(type: string): EventDefinition | undefined {
    return this.#byType.get(type);
  }

  /** The version writers write; undefined for a type the catalogue does not hold. */
  newest(type: string): number | undefined {
    return this.#byType.get(type)?.versions.length;
  }

  /** Throws UnknownEventVersion unless the code can read `type` at `version`. */
  assertReadable(type: string, version: number, stream: string): void {
    const newest = this.newest(type);
    if (newest === undefined || !Number.isInteger(version) || version < 1 || version > newest) {
      throw new UnknownEventVersion(type, version, stream, newest ?? null);
    }
  }

  /** The payload in the newest shape. Pure: the stored payload is never changed. */
  upcast(type: string, version: number, data: unknown, stream: string): unknown {
    this.assertReadable(type, version, stream);
    const { versions } = this.#byType.get(type)!;
    let current = data;
    for (let next = version; next < versions.length; next++) current = versions[next]!.upcast!(current);
    return current;
  }

  /** The schema's issues for a payload at a version (the newest by default), or null when it conforms. */
  problems(type: string, data: unknown, version = this.newest(type)): string | null {
    const definition = this.#byType.get(type);
    if (!definition || version === undefined) return `unknown event type ${type}`;
    const schema = definition.versions[version - 1]?.schema;
    if (!schema) return `${type} has no version ${version}`;
    const result = v.safeParse(schema, data);
    if (result.success) return null;
    return result.issues.map((issue) => `${v.getDotPath(issue) ?? '(payload)'}: ${issue.message}`).join('; ');
  }
}

/** The event types of one capability, declared once: their literal types and schemas are kept for `EventsOf`. */
export const defineEvents = <const D extends readonly EventDefinition[]>(definitions: D): D => definitions;

/** The event a definition declares, in its newest shape: its type and the output of its last version's schema. */
export type EventOf<D> = D extends {
  type: infer T extends string;
  versions: readonly [...unknown[], { schema: infer S extends AnySchema }];
}
  ? DomainEvent<T, v.InferOutput<S>>
  : never;
/** Every event a list of definitions declares, as a union. */
export type EventsOf<D extends readonly EventDefinition[]> = EventOf<D[number]>;

/** Who causes an event, as docs/events.md says it, for the causes many event types share. */
export const causes = {
  shopper: 'the shopper (`shopper`)',
  owner: 'the owner (`admin:<username>`)',
  webhook:
    'the payment provider (`webhook:stripe`, `webhook:sandbox`), or the shopper back from the payment page first (`shopper`)',
  stockReactor: 'the stock reactor (`system:stock`), following the order and checkout events',
} as const;

/** The payload fields most event types are made of: text, an ISO-8601 instant, and a whole number (pence, a count, an id). */
export const text = v.string();
export const at = v.string();
export const whole = v.pipe(v.number(), v.integer());
