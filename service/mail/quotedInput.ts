// What a stranger typed, made safe to show the owner in an e-mail: a field on one line, cut short, or a note line by
// line behind a quote mark, and with nothing a mail program would turn into a link — addresses, domains and e-mail
// addresses are defanged the way security teams quote them (hxxps[://]evil[.]example), so they stay readable and cannot
// be clicked. Shared by every e-mail that shows the owner a shopper's words: a purchase notice, a request's note.

/** Controls, line breaks and the characters that reorder text (bidirectional overrides), which could forge lines. */
const unprintable = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
/** A dot (or a look-alike full stop) between two letters or digits: the joint of a domain or an address. */
const joint = /([\p{L}\p{N}])[.\uff0e\u3002\uff61]+(?=[\p{L}\p{N}])/gu;
/** A scheme a mail program links: http(s), ftp, mailto, javascript, data, file, and any other `name:` before `//`. */
const scheme = /\b([a-z][a-z0-9+.-]{1,20}):(\/\/)?/gi;

export function defang(text: string): string {
  return text
    .replace(scheme, (_whole, name: string, slashes: string | undefined) => {
      const lower = name.toLowerCase();
      const known = [
        'http',
        'https',
        'ftp',
        'ftps',
        'mailto',
        'javascript',
        'data',
        'file',
        'tel',
        'sms',
        'news',
        'irc',
      ];
      if (!slashes && !known.includes(lower)) return _whole;
      const shown = lower.startsWith('http') ? `hxxp${lower.slice(4)}` : lower;
      return `${shown}[:${slashes ?? ''}]`;
    })
    .replace(joint, '$1[.]')
    .replace(/@/g, '[at]');
}

/** One field of a stranger's input as the owner sees it: one line, at most `max` characters, defanged. */
export function quotedInput(value: string | null | undefined, max = 200): string {
  const text = String(value ?? '')
    .replace(unprintable, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = text.length > max ? `${text.slice(0, max)}…` : text;
  return short ? `"${defang(short)}"` : '(empty)';
}

/** Every way a mail program may break a line: the control characters, and the Unicode line and paragraph separators. */
const lineBreak = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;

/**
 * A stranger's text of several lines as the owner sees it: each line behind `> `, so no line of the e-mail starts with
 * what they typed (a forged "From:" or a link on a line of its own); controls made spaces, links defanged; blank lines
 * at either end dropped and runs of them made one; at most `maxLines` lines, then how many more were not shown.
 */
export function quotedLines(value: string, maxLines = 30): string[] {
  const lines: string[] = [];
  for (const raw of value.split(lineBreak)) {
    const line = defang(raw.replace(unprintable, ' ').trimEnd());
    if (line === '' && (lines.length === 0 || lines.at(-1) === '')) continue;
    lines.push(line);
  }
  if (lines.at(-1) === '') lines.pop();
  const shown = lines.slice(0, maxLines).map((line) => (line ? `> ${line}` : '>'));
  return lines.length > maxLines ? [...shown, `> (${lines.length - maxLines} more lines not shown)`] : shown;
}
