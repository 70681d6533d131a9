// Turns an uploaded document (base64, with or without a data URL prefix) into checked bytes of a
// supported type, or a DomainError with a pt-BR message the person can act on.
import { DomainError } from '../../domain/shared/errors';

export type DocumentType = 'image/jpeg' | 'image/png' | 'application/pdf';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Largest image handed to OCR: a 12-megapixel phone photo fits with room to spare. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const UNSUPPORTED_TYPE = 'Tipo de arquivo não suportado. Use imagens (JPG, PNG) ou PDF.';
const TOO_LARGE = 'O arquivo excede o limite de 10 MB. Envie um arquivo menor.';
const EMPTY = 'O arquivo está vazio. Selecione o documento novamente.';
const NOT_BASE64 = 'O conteúdo do arquivo não pôde ser lido (base64 inválido). Selecione o documento novamente.';
export const CORRUPT_IMAGE = 'Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.';
export const CORRUPT_PDF = 'Não foi possível ler o PDF: o arquivo está corrompido ou incompleto.';

const ALIASES: Record<string, DocumentType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'application/pdf': 'application/pdf',
};

function declaredType(mimeType: unknown): DocumentType | null {
  if (typeof mimeType !== 'string') return null;
  return ALIASES[mimeType.split(';')[0].trim().toLowerCase()] ?? null;
}

/** What the bytes are, by their signature. A PDF header may follow up to 1 KB of junk (PDF 32000-1, annex H). */
export function sniffType(bytes: Uint8Array): DocumentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-', 0, 'latin1')) return 'application/pdf';
  return null;
}

/** Decodes and checks an upload: supported declared type, size, valid base64, and bytes of that very type. */
export function decodeUpload(input: { base64Data: unknown; mimeType: unknown }): { bytes: Buffer; type: DocumentType } {
  let declared = declaredType(input.mimeType);
  if (!declared) throw new DomainError('unprocessable', UNSUPPORTED_TYPE);
  if (typeof input.base64Data !== 'string') throw new DomainError('unprocessable', NOT_BASE64);

  let payload = input.base64Data;
  const dataUrl = /^\s*data:([^;,]*)((?:;[^;,]*)*),/i.exec(payload);
  if (dataUrl) {
    if (!/;base64$/i.test(dataUrl[2])) throw new DomainError('unprocessable', NOT_BASE64);
    // The prefix is a second declaration of the type; when present it must name the same one.
    if (dataUrl[1] && declaredType(dataUrl[1]) !== declared) declared = null;
    payload = payload.slice(dataUrl[0].length);
  }
  if (!declared) throw new DomainError('unprocessable', UNSUPPORTED_TYPE);

  const base64 = payload.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  // Checked before decoding, so an oversized upload is never held twice in memory.
  if (Math.floor((base64.replace(/=+$/, '').length * 3) / 4) > MAX_DOCUMENT_BYTES) throw new DomainError('too_large', TOO_LARGE);
  if (base64.length === 0) throw new DomainError('unprocessable', EMPTY);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.replace(/=+$/, '').length % 4 === 1) {
    throw new DomainError('unprocessable', NOT_BASE64);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new DomainError('unprocessable', EMPTY);
  if (sniffType(bytes) !== declared) throw new DomainError('unprocessable', UNSUPPORTED_TYPE);
  return { bytes, type: declared };
}

/** Width and height from the PNG header, or null when the header is cut or wrong. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Width and height from the JPEG frame header (SOFn), walking the marker segments. */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    if (marker === 0xda || length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/**
 * Checks that an image is whole (header, size and end marker) and small enough for OCR, so a cut
 * upload is refused with a clear message instead of reaching the recognizer.
 */
export function checkImage(bytes: Buffer, type: 'image/jpeg' | 'image/png'): { width: number; height: number } {
  const size = type === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  const tail = bytes.subarray(Math.max(0, bytes.length - 64));
  const ended = type === 'image/png' ? tail.includes('IEND', 0, 'latin1') : bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) > 2;
  if (!size || size.width === 0 || size.height === 0 || !ended) throw new DomainError('unprocessable', CORRUPT_IMAGE);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new DomainError('unprocessable', 'A imagem tem resolução grande demais para leitura (acima de 40 megapixels). Reduza-a e tente novamente.');
  }
  return size;
}

/** A PDF ends with '%%EOF' (PDF 32000-1, 7.5.5); without it the file was cut during the upload. */
export function checkPdf(bytes: Buffer): void {
  if (!bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF', 0, 'latin1')) throw new DomainError('unprocessable', CORRUPT_PDF);
}
