import { refuse } from '../../refusals.ts';
import { MAX_XML_DEPTH } from './import-limits.ts';

/**
 * A small XML reader for the parts of a workbook: it calls back for each element and text, keeps nothing itself, and
 * refuses what a spreadsheet part never holds and a hostile one might (a DOCTYPE, whose entities can expand without
 * end; nesting deeper than MAX_XML_DEPTH). Element names are given without their namespace prefix.
 */

export interface XmlHandler {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const unreadable = (what: string) =>
  refuse('file', `This Excel workbook could not be read: ${what}. Save it again as .xlsx or CSV.`);

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text with its character and entity references replaced. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref] ?? whole;
  });
}

const ATTRIBUTE_PATTERNS = new Map<string, RegExp>();

/** One attribute's value from an element's attribute text (`r="A1" t="s"`), or undefined. */
export function attribute(attributes: string, name: string): string | undefined {
  let pattern = ATTRIBUTE_PATTERNS.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTE_PATTERNS.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? '');
}

const localName = (qualified: string) => {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
};

export function scanXml(xml: string, handler: XmlHandler): void {
  let depth = 0;
  let at = 0;
  const length = xml.length;
  while (at < length) {
    const lt = xml.indexOf('<', at);
    if (lt < 0) {
      if (at < length) handler.text(decodeEntities(xml.slice(at)));
      break;
    }
    if (lt > at) handler.text(decodeEntities(xml.slice(at, lt)));
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) throw unreadable('a part ends in the middle of an instruction');
      at = end + 2;
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end < 0) throw unreadable('a part ends in the middle of a comment');
        at = end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (end < 0) throw unreadable('a part ends in the middle of a CDATA section');
        handler.text(xml.slice(lt + 9, end));
        at = end + 3;
      } else {
        throw unreadable('a part declares a document type, which spreadsheets never do');
      }
    } else if (next === 0x2f /* / */) {
      const end = xml.indexOf('>', lt + 2);
      if (end < 0) throw unreadable('a part ends in the middle of a tag');
      depth--;
      handler.close(localName(xml.slice(lt + 2, end).trim()));
      at = end + 1;
    } else {
      const end = tagEnd(xml, lt + 1);
      if (end < 0) throw unreadable('a part ends in the middle of a tag');
      const selfClosing = xml.charCodeAt(end - 1) === 0x2f;
      const inner = xml.slice(lt + 1, selfClosing ? end - 1 : end);
      const space = inner.search(/\s/);
      const name = localName(space < 0 ? inner : inner.slice(0, space));
      const attributes = space < 0 ? '' : inner.slice(space + 1);
      if (!selfClosing && ++depth > MAX_XML_DEPTH) {
        throw unreadable(`its XML is nested more than ${MAX_XML_DEPTH} levels deep`);
      }
      handler.open(name, attributes, selfClosing);
      if (selfClosing) handler.close(name);
      at = end + 1;
    }
  }
}

/** The `>` that ends a start tag, skipping any inside quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      quote = c;
    } else if (c === 0x3e) {
      return i;
    }
  }
  return -1;
}
