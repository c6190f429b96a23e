// Owner text refuses the characters no page can show: C0 and C1 controls and DEL, and half a surrogate pair; a field of
// lines keeps its line breaks and tabs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { isShowableText, ownerText } from './ownerText.ts';

test('one line: printable text of any script passes, whole emoji included; every control and a lone half do not', () => {
  for (const ok of ['The Moon Lantern', 'قصة القمر', 'Zoë’s “best” book — 🌙🧕🏽', '', ' spaced '])
    assert.ok(isShowableText(ok), ok);
  const refused = [
    ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
    ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
    '\ud800',
    '\udfff',
    'moon\ud83c',
    '\udf19moon',
    '\udf19\ud83c',
  ];
  for (const bad of refused) assert.not.ok(isShowableText(`a${bad}b`), JSON.stringify(bad));
});

test('lines: line feeds, CRLF and tabs are kept; a lone carriage return and every other control are not', () => {
  assert.ok(isShowableText('First line\nSecond\r\n\tindented', { multiline: true }));
  for (const bad of ['\u0000', '\u0007', '\u000b', '\u000c', '\r', '\u001b[31m', '\u007f', '\u0085', '\ud800'])
    assert.not.ok(isShowableText(`a${bad}b`, { multiline: true }), JSON.stringify(bad));
  assert.not.ok(isShowableText('a\nb'));
  assert.not.ok(isShowableText('a\tb'));
});

test('in a schema: the issue names the field by its label and its path', () => {
  const schema = v.object({ title: v.pipe(v.string(), ownerText('The title')) });
  const result = v.safeParse(schema, { title: 'Moon\u0000' });
  assert.not.ok(result.success);
  assert.match(result.issues![0].message, /^The title holds a character that cannot be shown/);
  assert.is(v.getDotPath(result.issues![0]), 'title');
  assert.ok(v.safeParse(schema, { title: 'Moon' }).success);
});

test.run();
