// What the owner types is shown to shoppers, printed, e-mailed and kept in the log for good: a title, a description, a
// note, a reply. None of it may hold a character no page can show: a control character (C0 or C1, DEL), or half of a
// UTF-16 surrogate pair without its other half, which JSON carries as `\ud800` and which reaches a page as bytes no
// browser can read. Every owner text field refuses them with a 400 naming the field (decision 096); a field of several
// lines keeps its line breaks and tabs.
import * as v from 'valibot';

/** Control characters: C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). */
const controls = '\\u0000-\\u001F\\u007F-\\u009F';
/** A high surrogate with no low one after it, or a low one with no high one before it. */
const loneSurrogate = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const oneLine = new RegExp(`[${controls}]|${loneSurrogate}`);
/** In a field of lines: tab, line feed, and a carriage return before its line feed are the text's own. */
const lines = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]|\\r(?!\\n)|${loneSurrogate}`);

/** Whether `text` holds nothing of what owner text refuses; `multiline` allows tabs and line breaks. */
export function isShowableText(text: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? lines : oneLine).test(text);
}

export const ownerTextMessage = (label: string, multiline = false) =>
  `${label} holds a character that cannot be shown (a control character${multiline ? ' other than a line break or tab' : ', line break or tab'}, or half of an emoji's pair); remove it and send it again`;

/**
 * The check every owner text field has in its pipe, after `v.string()`: `label` names the field in the message
 * ("The title"). One line unless `multiline`.
 */
export function ownerText(label: string, options: { multiline?: boolean } = {}) {
  return v.check<string, string>(
    (text) => isShowableText(text, options),
    ownerTextMessage(label, options.multiline ?? false),
  );
}
