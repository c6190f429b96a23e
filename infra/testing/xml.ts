// A strict reader of well-formed XML, enough for the files the shop writes (sitemap.xml, the merchant feed): a
// declaration, elements with quoted attributes, text with the five named entities and numeric ones. Anything else —
// an unclosed or crossed element, a stray "<" or "&", two roots — throws, saying where.

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const name = '[A-Za-z_][\\w.:-]*';
const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decoded(text: string, at: number): string {
  if (/&/.test(text.replace(entity, ''))) throw new Error(`a bare "&" near character ${at}: ${text.slice(0, 40)}`);
  return text.replace(entity, (e) => {
    const body = e.slice(1, -1);
    if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
    return named[body]!;
  });
}

export function parseXml(source: string): XmlElement {
  const declaration = new RegExp(`^<\\?xml(\\s+${name}\\s*=\\s*"[^"<]*")*\\s*\\?>\\s*`).exec(source);
  if (!declaration) throw new Error('no XML declaration at the start');
  let at = declaration[0].length;
  const open = new RegExp(`^<(${name})((?:\\s+${name}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
  const close = new RegExp(`^</(${name})\\s*>`);
  const attribute = new RegExp(`(${name})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (at < source.length) {
    const rest = source.slice(at);
    if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) throw new Error(`an unclosed comment at ${at}`);
      at += end + 3;
      continue;
    }
    if (rest.startsWith('<![CDATA[')) {
      const end = rest.indexOf(']]>');
      if (end < 0 || stack.length === 0) throw new Error(`a bad CDATA section at ${at}`);
      stack.at(-1)!.text += rest.slice(9, end);
      at += end + 3;
      continue;
    }
    const closing = close.exec(rest);
    if (closing) {
      const element = stack.pop();
      if (!element || element.name !== closing[1])
        throw new Error(`</${closing[1]}> at ${at} closes ${element ? `<${element.name}>` : 'nothing'}`);
      at += closing[0].length;
      continue;
    }
    const opening = open.exec(rest);
    if (opening) {
      if (stack.length === 0 && root) throw new Error(`a second root element <${opening[1]}> at ${at}`);
      const attributes: Record<string, string> = {};
      for (const [, key, double, single] of opening[2]!.matchAll(attribute)) {
        if (key! in attributes) throw new Error(`attribute ${key} twice at ${at}`);
        attributes[key!] = decoded(double ?? single ?? '', at);
      }
      const element: XmlElement = { name: opening[1]!, attributes, children: [], text: '' };
      if (stack.length > 0) stack.at(-1)!.children.push(element);
      else root = element;
      if (opening[3] !== '/') stack.push(element);
      at += opening[0].length;
      continue;
    }
    if (rest.startsWith('<')) throw new Error(`a stray "<" at ${at}: ${rest.slice(0, 40)}`);
    const next = rest.indexOf('<');
    const text = next < 0 ? rest : rest.slice(0, next);
    if (stack.length === 0) {
      if (text.trim()) throw new Error(`text outside the root element at ${at}`);
    } else stack.at(-1)!.text += decoded(text, at);
    at += text.length;
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every descendant element named `tag`, in document order. */
export function elementsNamed(element: XmlElement, tag: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === tag ? [child] : []), ...elementsNamed(child, tag)]);
}

/** The text of the first child named `tag`, trimmed; undefined when there is none. */
export function childText(element: XmlElement, tag: string): string | undefined {
  return element.children.find((child) => child.name === tag)?.text.trim();
}
