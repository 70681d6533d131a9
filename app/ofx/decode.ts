// Turns the bytes of an OFX file into text, trusting the bytes over the header's charset claim.
//
// Order of evidence: a UTF-16 BOM; then "is it valid UTF-8 with multibyte sequences?" — many
// Brazilian banks (Nubank, Banco Real, Itaú) write UTF-8 under CHARSET:1252, while real cp1252 or
// Latin-1 accents are almost never valid UTF-8 by accident; then the charset the header declares;
// then windows-1252, the usual charset of Brazilian OFX files.
import iconv from 'iconv-lite';
import { findBodyStart, scanHeaderFields, type HeaderFields } from './header';

export type DecodedOfx = { text: string; charset: string; warnings: string[] };

const HEAD_BYTES = 64 * 1024;

export function decodeOfxBytes(bytes: Uint8Array): string {
  return decodeOfx(bytes).text;
}

export function decodeOfx(bytes: Uint8Array): DecodedOfx {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decode('utf-16le', bytes), charset: 'utf-16le', warnings: [] };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decode('utf-16be', bytes), charset: 'utf-16be', warnings: [] };
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  const declared = declaredCharset(body);
  if (!body.some((byte) => byte >= 0x80)) {
    return { text: decode('utf-8', body), charset: hasBom ? 'utf-8' : (declared.label ?? 'us-ascii'), warnings: [] };
  }
  const utf8 = strictUtf8(body);
  if (utf8 !== null) {
    const warnings =
      declared.label !== null && declared.label !== 'utf-8'
        ? [`O cabeçalho declara ${declared.written}, mas o conteúdo é UTF-8; o arquivo foi lido como UTF-8.`]
        : [];
    return { text: utf8, charset: 'utf-8', warnings };
  }
  const warnings: string[] = [];
  let label = declared.label === 'utf-8' || declared.label === 'us-ascii' ? declared.fallback : declared.label;
  if (declared.label === 'utf-8') {
    warnings.push(`O cabeçalho declara ${declared.written}, mas o conteúdo não é UTF-8 válido; o arquivo foi lido como ${label ?? 'windows-1252'}.`);
  }
  if (label === null) label = 'windows-1252';
  return { text: decode(label, body), charset: label, warnings };
}

type Declared = { label: string | null; fallback: string | null; written: string };

/** What the header claims: the charset label to use, and (for ENCODING:UTF-8) the CHARSET written beside it. */
export function declaredCharset(bytes: Uint8Array): Declared {
  const head = decode('windows-1252', bytes.subarray(0, HEAD_BYTES));
  const end = findBodyStart(head);
  return fromFields(scanHeaderFields(end < 0 ? '' : head.slice(0, end)));
}

export function fromFields({ syntax, fields }: HeaderFields): Declared {
  if (syntax === 'xml') {
    const written = fields.XMLENCODING;
    return { label: written ? charsetLabel(written) : 'utf-8', fallback: null, written: `encoding="${written ?? 'UTF-8'}"` };
  }
  const encoding = (fields.ENCODING ?? '').toUpperCase();
  const charset = fields.CHARSET ?? '';
  const byCharset = charsetLabel(charset);
  if (encoding === 'UTF-8' || encoding === 'UTF8' || encoding === 'UNICODE') {
    return { label: 'utf-8', fallback: byCharset === 'us-ascii' ? null : byCharset, written: `ENCODING:${fields.ENCODING}` };
  }
  return { label: byCharset, fallback: null, written: `CHARSET:${charset}` };
}

/** Normalises OFX 1.x CHARSET values and XML encoding names to WHATWG labels (null: unknown). */
export function charsetLabel(written: string): string | null {
  const value = written.trim().toUpperCase();
  if (value === '' || value === 'NONE' || value === 'US-ASCII' || value === 'USASCII' || value === 'ASCII') return 'us-ascii';
  if (value === '1252' || value === 'CP1252' || value === 'WINDOWS-1252') return 'windows-1252';
  if (value === '8859-1' || value === 'ISO-8859-1' || value === 'ISO8859-1' || value === 'LATIN1' || value === 'LATIN-1') return 'iso-8859-1';
  if (value === 'UTF-8' || value === 'UTF8') return 'utf-8';
  const label = value.toLowerCase();
  const asciiCompatible = iconv.encodingExists(label) && !/^(utf-?(16|32)|ucs-?2)/.test(label) && iconv.decode(Buffer.from('<OFX>'), label) === '<OFX>';
  return asciiCompatible ? label : null;
}

function decode(label: string, bytes: Uint8Array): string {
  if (label === 'utf-8' || label.startsWith('utf-16')) return new TextDecoder(label).decode(bytes);
  // Single-byte charsets go through iconv-lite: Node 20's TextDecoder('windows-1252') decodes as
  // Latin-1 (0x80 gives U+0080, not €). ISO-8859-1 and US-ASCII are read as windows-1252, as the
  // WHATWG Encoding Standard does: identical for 0xA0-0xFF, and bytes 0x80-0x9F become €, —, “…
  // instead of invisible C1 controls, which is what a file labelled Latin-1 almost always meant.
  const codec = label === 'us-ascii' || label === 'iso-8859-1' ? 'windows-1252' : label;
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), codec);
}

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
