// Reads what precedes <OFX>: the OFX 1.x "KEY:VALUE" block or the OFX 2.x <?xml?><?OFX?> instructions.
import { OfxParseError, quote } from './errors';
import type { LineOf } from './lines';

export type HeaderSyntax = 'sgml' | 'xml' | 'none';

export type HeaderFields = {
  syntax: HeaderSyntax;
  /** Upper-cased keys: OFXHEADER, DATA, VERSION, ENCODING, CHARSET..., and XMLENCODING for <?xml encoding?>. */
  fields: Record<string, string>;
  /** Offsets of header text that is neither a field nor a processing instruction. */
  unrecognised: { offset: number; text: string }[];
};

export type OfxHeader = HeaderFields & { version: 1 | 2; bodyStart: number };

/** Header text longer than this before <OFX> is not an OFX header. */
const MAX_HEADER_CHARS = 64 * 1024;

/** Offset of the <OFX> body tag (any case), or -1. */
export function findBodyStart(text: string): number {
  return text.search(/<OFX[\s>]/i);
}

export function scanHeaderFields(region: string): HeaderFields {
  const fields: Record<string, string> = {};
  const unrecognised: HeaderFields['unrecognised'] = [];
  if (region.includes('<?')) {
    let rest = 0;
    for (const match of region.matchAll(/<\?([A-Za-z]{1,16})(?![A-Za-z])([^?]{0,2000})\?>/g)) {
      noteUnrecognised(region, rest, match.index, unrecognised);
      rest = match.index + match[0].length;
      const target = match[1].toUpperCase();
      for (const attr of match[2].matchAll(/([A-Za-z]{1,32})\s{0,8}=\s{0,8}(?:"([^"]*)"|'([^']*)')/g)) {
        const key = attr[1].toUpperCase();
        fields[target === 'XML' ? `XML${key}` : key] = (attr[2] ?? attr[3]).trim();
      }
    }
    noteUnrecognised(region, rest, region.length, unrecognised);
    return { syntax: 'xml', fields, unrecognised };
  }
  let sawField = false;
  for (const line of region.matchAll(/[^\r\n]+/g)) {
    let rest = 0;
    // Bounded repetitions: an unbounded key pattern retried at every letter of a long junk line is quadratic.
    for (const match of line[0].matchAll(/([A-Za-z][A-Za-z0-9]{0,31})[ \t]{0,16}:[ \t]{0,16}([^\s:]{0,256})/g)) {
      noteUnrecognised(line[0], rest, match.index, unrecognised, line.index);
      rest = match.index + match[0].length;
      fields[match[1].toUpperCase()] = match[2];
      sawField = true;
    }
    noteUnrecognised(line[0], rest, line[0].length, unrecognised, line.index);
  }
  return { syntax: sawField ? 'sgml' : unrecognised.length > 0 ? 'sgml' : 'none', fields, unrecognised };
}

function noteUnrecognised(text: string, from: number, to: number, out: HeaderFields['unrecognised'], base = 0): void {
  const piece = text.slice(from, to);
  const trimmed = piece.trim();
  if (trimmed) out.push({ offset: base + from + piece.indexOf(trimmed[0]), text: trimmed });
}

export function readHeader(text: string, lineOf: LineOf, warnings: string[]): OfxHeader {
  const bodyStart = findBodyStart(text);
  if (bodyStart < 0) {
    throw new OfxParseError('O arquivo não é um extrato OFX: a tag <OFX> não foi encontrada.', null);
  }
  if (bodyStart > MAX_HEADER_CHARS) {
    throw new OfxParseError(`Linha ${lineOf(bodyStart)}: conteúdo demais antes da tag <OFX>; o arquivo não parece ser um extrato OFX.`, lineOf(bodyStart));
  }
  const scanned = scanHeaderFields(text.slice(0, bodyStart));
  for (const piece of scanned.unrecognised.slice(0, 5)) {
    warnings.push(`Linha ${lineOf(piece.offset)}: texto não reconhecido no cabeçalho ignorado: ${quote(piece.text)}`);
  }
  const version = scanned.fields.VERSION;
  const versionLine = lineOf(locate(text.slice(0, bodyStart).toUpperCase(), scanned.syntax === 'xml' ? '<?OFX' : 'VERSION'));
  if (scanned.syntax === 'xml') {
    if (version === undefined) warnings.push('Cabeçalho XML sem <?OFX VERSION="..."?>; lido como OFX 2.x.');
    else if (!/^2\d\d$/.test(version)) throw unsupportedVersion(version, versionLine);
    return { ...scanned, version: 2, bodyStart };
  }
  if (scanned.syntax === 'none') {
    warnings.push('Arquivo sem cabeçalho OFX; lido como OFX 1.x.');
    return { ...scanned, version: 1, bodyStart };
  }
  if (version === undefined) warnings.push('Cabeçalho OFX sem VERSION; lido como OFX 1.x.');
  else if (!/^1\d\d$/.test(version)) throw unsupportedVersion(version, versionLine);
  const data = scanned.fields.DATA;
  if (data !== undefined && data.toUpperCase() !== 'OFXSGML') warnings.push(`Cabeçalho DATA:${data} inesperado; lido como OFXSGML.`);
  return { ...scanned, version: 1, bodyStart };
}

function locate(upperHeader: string, key: string): number {
  return Math.max(0, upperHeader.indexOf(key));
}

function unsupportedVersion(version: string, line: number): OfxParseError {
  return new OfxParseError(
    `Linha ${line}: versão de OFX não suportada (VERSION ${quote(version)}). São aceitas as versões 1.x (ex.: 102) e 2.x (ex.: 202).`,
    line,
  );
}
