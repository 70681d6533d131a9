import { describe, expect, it } from 'vitest';
import { checkAttachment, parseDataUrl, sniffType, UNSUPPORTED_FILE_TYPE } from './attachment';
import { DomainError } from '../shared/errors';

const pdf = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
}

describe('attachments', () => {
  it('recognises JPG, PNG and PDF by their bytes', () => {
    expect(sniffType(pdf)).toBe('application/pdf');
    expect(sniffType(png)).toBe('image/png');
    expect(sniffType(jpeg)).toBe('image/jpeg');
    expect(sniffType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('accepts a file whose type, extension and bytes agree', () => {
    expect(checkAttachment({ name: 'nota.PDF', declaredType: 'application/pdf', bytes: pdf })).toBe('application/pdf');
    expect(checkAttachment({ name: 'recibo.jpeg', declaredType: 'image/jpeg', bytes: jpeg })).toBe('image/jpeg');
    expect(checkAttachment({ name: 'recibo.jpg', declaredType: 'image/jpg', bytes: jpeg })).toBe('image/jpeg');
    expect(checkAttachment({ name: 'print.png', declaredType: 'image/png', bytes: png })).toBe('image/png');
  });

  it('refuses other types, and files whose bytes are not what they claim', () => {
    for (const file of [
      { name: 'planilha.xlsx', declaredType: 'application/vnd.ms-excel', bytes: pdf },
      { name: 'nota.pdf', declaredType: 'application/pdf', bytes: png },
      { name: 'nota.png', declaredType: 'application/pdf', bytes: pdf },
      { name: 'virus.exe', declaredType: 'application/pdf', bytes: pdf },
    ]) {
      const error = errorOf(() => checkAttachment(file));
      expect(error.kind).toBe('validation');
      expect(error.message).toBe(UNSUPPORTED_FILE_TYPE);
    }
  });

  it('refuses files over 10 MB', () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf);
    expect(errorOf(() => checkAttachment({ name: 'grande.pdf', declaredType: 'application/pdf', bytes: big })).kind).toBe('too_large');
  });

  it('reads inline data strings', () => {
    const parsed = parseDataUrl(`data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`);
    expect(parsed?.type).toBe('application/pdf');
    expect(Array.from(parsed!.bytes)).toEqual(Array.from(pdf));
    expect(parseDataUrl('/api/expenses/1/attachment')).toBeNull();
    expect(parseDataUrl('data:application/pdf;base64,***')).toBeNull();
  });
});
