// docs/events.md, generated from contracts/eventCatalog.ts: what the log can contain, for an auditor.
import type { AnySchema, EventCatalog } from '../../contracts/eventCatalog.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a walk over valibot's schema objects, whatever their kind
type Node = { type: string; [key: string]: any };

const hasAction = (schema: Node, action: string) =>
  Array.isArray(schema.pipe) && schema.pipe.some((step: Node) => step.type === action);

/** A schema in words: `whole number`, `'cart' | 'direct'`, `list of { name, quantity }`... */
export function describeSchema(schema: Node): string {
  switch (schema.type) {
    case 'optional':
    case 'nullable':
      return describeSchema(schema.wrapped as Node);
    case 'string':
      return 'text';
    case 'number':
      return hasAction(schema, 'integer') ? 'whole number' : 'number';
    case 'boolean':
      return 'true or false';
    case 'literal':
      return JSON.stringify(schema.literal).replaceAll('"', "'");
    case 'picklist':
      return (schema.options as unknown[]).map((o) => JSON.stringify(o).replaceAll('"', "'")).join(' \\| ');
    case 'array':
      return `list of ${describeSchema(schema.item as Node)}`;
    case 'union':
      return (schema.options as Node[]).map(describeSchema).join(' or ');
    case 'object':
      return `{ ${Object.entries(schema.entries as Record<string, Node>)
        .map(([key, entry]) => `${key}${entry.type === 'optional' ? '?' : ''}: ${describeSchema(entry)}`)
        .join(', ')} }`;
    default:
      return schema.type;
  }
}

function fieldRows(schema: AnySchema): string[] {
  const node = schema as unknown as Node;
  if (node.type !== 'object') return [`| (payload) | ${describeSchema(node)} | yes |`];
  return Object.entries(node.entries as Record<string, Node>).map(
    ([key, entry]) => `| \`${key}\` | ${describeSchema(entry)} | ${entry.type === 'optional' ? 'no' : 'yes'} |`,
  );
}

export function renderCatalogue(catalog: EventCatalog): string {
  const lines = [
    '# The events the log can contain',
    '',
    '<!-- Generated from contracts/eventCatalog.ts by `npm run events -- catalogue --out docs/events.md`; do not edit by hand. -->',
    '',
    'Every change in the shop is an event appended to the log; nothing in the log is ever edited. Each event records',
    'who caused it (`metadata.causedBy`), the request that caused it (`causationId`, `correlationId`), when (`at`) and',
    "the version of its payload's shape (`metadata.schemaVersion`; events written before versions were recorded have",
    'none and are version 1). Readers see every event in its newest version: older ones are converted by upcasters as',
    'they are read, while the export keeps the stored bytes, so the hash chain of an old export still checks.',
    '',
    '## Changing an event',
    '',
    '1. Never edit a stored event or an existing schema. Add a version to the type where its capability declares it,',
    '   `contracts/<capability>/events.ts`: `versions: [{ schema: V1 }, { schema: V2, upcast: (old) => ... }]`, where',
    "   `upcast` is a pure function from the previous version's payload to the new one, with a unit test. Writers then",
    '   write (and must validate as) the new version; readers get it for old events too, and its TypeScript type follows',
    "   the newest schema. A new event type is one more entry in its capability's list, which `contracts/eventCatalog.ts`",
    '   assembles.',
    '2. Regenerate this file: `npm run events -- catalogue --out docs/events.md` (a test fails while it is stale).',
    '3. Record a golden log of the release that writes the new version and keep every earlier one:',
    '   `npm run golden:record -- vN` (`infra/testing/recordGolden.ts`) runs the shop on an empty `DATA_DIR` with sandbox',
    '   payments, drives it through a scripted season over HTTP, records what the read endpoints answer in `answers.json`',
    "   (method, path, auth, compare, status, body; plus `meta` with the owner's sign-in and the chain head), stops the",
    '   shop, keeps the export and what `check`/`verify`/`export` printed, and writes `infra/testing/golden/vN/` with its',
    '   README. Extend its season first so that every new event type (and the new version) appears. The data folder',
    '   carries its `data-key` and `keys.sqlite`, so it opens without DATA_KEY. `infra/testing/golden.test.ts` opens every',
    '   folder there on both read stores.',
    '',
    '## Event types',
    '',
    '| type | version | stream | caused by |',
    '| --- | ---: | --- | --- |',
    ...catalog.definitions.map(
      (d) => `| [${d.type}](#${d.type.toLowerCase()}) | ${d.versions.length} | \`${d.stream}-<id>\` | ${d.causedBy} |`,
    ),
  ];
  for (const d of catalog.definitions) {
    lines.push(
      '',
      `### ${d.type}`,
      '',
      d.description,
      '',
      `Stream \`${d.stream}-<id>\`; caused by ${d.causedBy}. Newest version: ${d.versions.length}.`,
    );
    d.versions.forEach((version, i) => {
      const n = i + 1;
      lines.push(
        '',
        `Version ${n}${n > 1 ? ` (read from version ${n - 1} through its upcaster)` : ''}:`,
        '',
        '| field | type | required |',
        '| --- | --- | --- |',
        ...fieldRows(version.schema),
      );
    });
  }
  return `${lines.join('\n')}\n`;
}
