// What a stranger typed, made safe to show the owner in an e-mail: on one line, cut short, and with nothing a mail
// program would turn into a link — addresses, domains and e-mail addresses are defanged the way security teams quote
// them (hxxps[://]evil[.]example), so they stay readable and cannot be clicked.

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
export function quotedInput(value: unknown, max = 200): string {
  const text = String(value ?? '')
    .replace(unprintable, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = text.length > max ? `${text.slice(0, max)}…` : text;
  return short ? `"${defang(short)}"` : '(empty)';
}
