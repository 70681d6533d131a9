// An OFX file's bytes as text, decoded by the charset its header declares — but trusting the bytes
// when they are valid UTF-8 (Nubank, Itaú and Banco Real write UTF-8 under CHARSET:1252), the same
// rule the server's OFX reader applies to bytes. Real Windows-1252 accents are almost never valid
// UTF-8 by accident, so 'SERVIÇOS' reaches the server intact either way.

const HEAD_BYTES = 4096;

/** The WHATWG label of what the header declares (SGML CHARSET/ENCODING, or the XML encoding). */
export function declaredCharset(bytes: Uint8Array): string {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, HEAD_BYTES));
  const xml = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return labelOf(xml[1]) ?? 'utf-8';
  const encoding = /^\s*ENCODING\s*:\s*(\S+)/im.exec(head)?.[1].toUpperCase();
  if (encoding === 'UTF-8' || encoding === 'UTF8' || encoding === 'UNICODE') return 'utf-8';
  const charset = /^\s*CHARSET\s*:\s*(\S+)/im.exec(head)?.[1];
  return (charset && labelOf(charset)) || 'windows-1252';
}

function labelOf(written: string): string | null {
  const value = written.trim().toUpperCase();
  if (value === '1252' || value === 'CP1252' || value === 'WINDOWS-1252') return 'windows-1252';
  if (value === '8859-1' || value === 'ISO-8859-1' || value === 'ISO8859-1' || value === 'LATIN1') return 'iso-8859-1';
  if (value === 'UTF-8' || value === 'UTF8') return 'utf-8';
  if (value === 'NONE' || value === 'USASCII' || value === 'US-ASCII' || value === 'ASCII') return 'windows-1252';
  try {
    return new TextDecoder(value.toLowerCase()).encoding;
  } catch {
    return null;
  }
}

export function decodeOfxFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  if (body.some((byte) => byte >= 0x80)) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      // Not UTF-8: the declared single-byte charset it is.
    }
  }
  const label = declaredCharset(body);
  return new TextDecoder(label === 'utf-8' ? 'windows-1252' : label).decode(body);
}

export const isOfxFileName = (name: string): boolean => /\.ofx$/i.test(name.trim());
