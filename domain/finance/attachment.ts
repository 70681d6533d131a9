// Expense attachments: which files are accepted (JPG, PNG or PDF, checked by their bytes) and how
// an expense refers to one (by id and hash: the bytes never enter an event).
import { z } from 'zod';
import { DomainError, validationError } from '../shared/errors';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const UNSUPPORTED_FILE_TYPE = 'Tipo de arquivo não suportado. Use imagens (JPG, PNG) ou PDF.';
export const ATTACHMENT_TOO_LARGE = 'O anexo deve ter no máximo 10 MB.';

export const attachmentRef = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type AttachmentRef = z.infer<typeof attachmentRef>;

export type AttachmentType = 'image/jpeg' | 'image/png' | 'application/pdf';

const declaredTypes: Record<string, AttachmentType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'application/pdf': 'application/pdf',
};

const extensions: Record<string, AttachmentType> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/** The type the bytes really are, from their signature, or null. */
export function sniffType(bytes: Uint8Array): AttachmentType | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // '%PDF-' may follow a few bytes of junk; readers accept it within the first 1 KB.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'application/pdf';
  return null;
}

/**
 * Accepts a file only when its declared type, its name's extension and its bytes agree on JPG,
 * PNG or PDF, and it is at most 10 MB. Answers the canonical MIME type.
 */
export function checkAttachment(file: { name: string; declaredType: string; bytes: Uint8Array }): AttachmentType {
  const declared = declaredTypes[file.declaredType.trim().toLowerCase()];
  const extension = /\.([a-z0-9]+)$/i.exec(file.name.trim())?.[1]?.toLowerCase();
  const byName = extension ? extensions[extension] : undefined;
  const actual = sniffType(file.bytes);
  if (!declared || !byName || declared !== byName || actual !== declared) {
    throw validationError(UNSUPPORTED_FILE_TYPE, { attachmentType: UNSUPPORTED_FILE_TYPE });
  }
  if (file.bytes.byteLength > MAX_ATTACHMENT_BYTES) throw new DomainError('too_large', ATTACHMENT_TOO_LARGE);
  if (file.bytes.byteLength === 0) throw validationError('O anexo está vazio.');
  return declared;
}

/** Splits `data:<mime>;base64,<data>` into its type and bytes; null when it is not such a string. */
export function parseDataUrl(value: string): { type: string; bytes: Uint8Array } | null {
  const match = /^data:([^;,]*)(?:;[^;,]*)*;base64,/i.exec(value.slice(0, 200));
  if (!match) return null;
  const payload = value.slice(match[0].length);
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(payload)) return null;
  return { type: match[1].toLowerCase(), bytes: new Uint8Array(Buffer.from(payload, 'base64')) };
}
