import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RecordedEvent } from '../../contracts/shared/events.ts';
import { extendsText } from '../../contracts/audit/hashChain.ts';
import { GENESIS, chainLines, checkChain, sha256 } from './hashChain.ts';

const meta = { causedBy: 'shopper', causationId: 'r1', correlationId: 'r1', at: '2026-01-01T00:00:00.000Z' };
const recorded = (n: number): RecordedEvent => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  stream: `book-${n}`,
  revision: 0,
  position: n,
  type: 'BookListed',
  data: { id: n, title: `Book ${n}`, price: 999 },
  metadata: meta,
});

async function exported(count = 5): Promise<string[]> {
  async function* log() {
    for (let n = 1; n <= count; n++) yield recorded(n);
  }
  const lines: string[] = [];
  for await (const line of chainLines(log())) lines.push(line);
  return lines;
}

const tamper = (lines: string[], n: number, change: (event: Record<string, unknown>) => void) =>
  lines.map((line, i) => {
    if (i !== n - 1) return line;
    const event = JSON.parse(line);
    change(event);
    return JSON.stringify(event);
  });

test('each exported line carries the SHA-256 of the line before it, starting from 64 zeros', async () => {
  const lines = await exported();
  assert.is(lines.length, 5);
  assert.is(JSON.parse(lines[0]!).prevHash, GENESIS);
  for (let i = 1; i < lines.length; i++) assert.is(JSON.parse(lines[i]!).prevHash, sha256(lines[i - 1]!));
  assert.equal(JSON.parse(lines[2]!), { ...recorded(3), prevHash: sha256(lines[1]!) });
});

test('an untouched export checks out, with the same chain head as the export', async () => {
  const lines = await exported();
  assert.equal(await checkChain(lines), { ok: true, lines: 5, head: sha256(lines[4]!) });
  assert.equal(await checkChain(lines, sha256(lines[4]!)), { ok: true, lines: 5, head: sha256(lines[4]!) });
  assert.equal(await checkChain([]), { ok: true, lines: 0, head: GENESIS });
});

test('changing what one event says fails the check and names that line', async () => {
  const lines = await exported();
  const result = await checkChain(tamper(lines, 3, (e) => ((e.data as { price: number }).price = 1)));
  assert.equal(result.ok ? null : result.line, 3);
  const first = await checkChain(tamper(lines, 1, (e) => (e.type = 'BookUpdated')));
  assert.equal(first.ok ? null : first.line, 1);
});

test('changing one line and its prevHash to cover it still names that line', async () => {
  const lines = await exported();
  const result = await checkChain(tamper(lines, 2, (e) => (e.prevHash = sha256('something else'))));
  assert.equal(result.ok ? null : result.line, 2);
  const genesis = await checkChain(tamper(lines, 1, (e) => (e.prevHash = sha256('x'))));
  assert.equal(genesis.ok ? null : genesis.line, 1);
});

test('the last line is vouched for by the chain head printed at export', async () => {
  const lines = await exported();
  const head = sha256(lines[4]!);
  const changed = tamper(lines, 5, (e) => (e.type = 'BookDelisted'));
  assert.ok((await checkChain(changed)).ok, 'nothing after the last line can show it changed');
  const result = await checkChain(changed, head);
  assert.equal(result.ok ? null : result.line, 5);
  const relinked = await checkChain(
    tamper(lines, 5, (e) => (e.prevHash = GENESIS)),
    head,
  );
  assert.equal(relinked.ok ? null : relinked.line, 5);
  // A change to the line before the last is told apart from one to the last line only by the head.
  const beforeLast = tamper(lines, 4, (e) => (e.revision = 9));
  const unsure = await checkChain(beforeLast);
  assert.equal(unsure.ok ? null : unsure.line, 4);
  assert.match(unsure.ok ? '' : unsure.reason, /line 4 or line 5/);
  const sure = await checkChain(beforeLast, head);
  assert.equal(
    sure.ok ? null : sure.reason,
    'line 4 was changed (or lines were removed or inserted next to it): the chain breaks there',
  );
});

test('removed, inserted and unreadable lines break the chain where they are', async () => {
  const lines = await exported();
  const removed = await checkChain([...lines.slice(0, 2), ...lines.slice(3)]);
  assert.is(removed.ok, false);
  assert.ok(!removed.ok && removed.line >= 2 && removed.line <= 3);
  const inserted = await checkChain([...lines.slice(0, 2), lines[1]!, ...lines.slice(2)]);
  assert.is(inserted.ok, false);
  const truncated = await checkChain(lines.slice(0, 4), sha256(lines[4]!));
  assert.is(truncated.ok, false);
  const garbled = await checkChain([...lines.slice(0, 3), 'not json', ...lines.slice(4)]);
  assert.equal(garbled.ok ? null : garbled.line, 4);
  assert.match(garbled.ok ? '' : garbled.reason, /line 4/);
});

test('an earlier signed-off head: a later export that begins with that export extends it; one changed since does not', async () => {
  const earlier = await exported(3);
  const later = await exported(5);
  const signedOff = sha256(earlier.at(-1)!);
  assert.equal(await checkChain(later, sha256(later.at(-1)!), signedOff), {
    ok: true,
    lines: 5,
    head: sha256(later.at(-1)!),
    extendsAt: 3,
  });
  assert.match(
    extendsText(signedOff, { lines: 5, extendsAt: 3 }),
    /^Extends the earlier export: its 3 lines \(chain head [0-9a-f]{64}\) begin this one unchanged, and 2 lines were added since\.$/,
  );
  // The same export, nothing added; an empty earlier export; an export that is the earlier one itself.
  assert.is(((await checkChain(earlier, undefined, signedOff)) as { extendsAt: number }).extendsAt, 3);
  assert.is(((await checkChain(later, undefined, GENESIS)) as { extendsAt: number }).extendsAt, 0);
  // A line of the earlier part changed and the chain re-made after it (a rewritten history): no line has that head.
  async function* rewritten() {
    for (let n = 1; n <= 5; n++)
      yield n === 2 ? { ...recorded(2), data: { id: 2, title: 'Another', price: 1 } } : recorded(n);
  }
  const rewrittenLines: string[] = [];
  for await (const line of chainLines(rewritten())) rewrittenLines.push(line);
  const result = await checkChain(rewrittenLines, undefined, signedOff);
  assert.equal(result.ok && result.extendsAt, null);
  assert.match(extendsText(signedOff, { lines: 5, extendsAt: null }), /^Does not extend the earlier export: /);
  // A shorter export does not extend a longer one's head.
  assert.is(((await checkChain(earlier, undefined, sha256(later.at(-1)!))) as { extendsAt: null }).extendsAt, null);
});

test.run();
