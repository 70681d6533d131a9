import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared/errors';
import { checkImage, checkPdf, decodeUpload, MAX_DOCUMENT_BYTES, UNSUPPORTED_TYPE } from './upload';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452000001f4000000c80802000000', 'hex');
const png = (width: number, height: number) => {
  const header = Buffer.from(PNG_HEADER);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, Buffer.alloc(8), Buffer.from('0000000049454e44ae426082', 'hex')]);
};
const jpeg = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255]),
    Buffer.alloc(12),
    Buffer.from('ffd9', 'hex'),
  ]);

function rejection(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('decoding an upload', () => {
  it('accepts base64 with or without a data URL prefix', () => {
    const base64 = PDF.toString('base64');
    expect(decodeUpload({ base64Data: base64, mimeType: 'application/pdf' })).toEqual({ bytes: PDF, type: 'application/pdf' });
    expect(decodeUpload({ base64Data: `data:application/pdf;base64,${base64}`, mimeType: 'application/pdf' }).bytes).toEqual(PDF);
    expect(decodeUpload({ base64Data: `data:;base64,${base64.replace(/(.{20})/g, '$1\n')}`, mimeType: 'application/pdf' }).bytes).toEqual(PDF);
  });

  it('accepts JPEG as image/jpg too, and PNG', () => {
    expect(decodeUpload({ base64Data: jpeg(10, 10).toString('base64'), mimeType: 'image/jpg' }).type).toBe('image/jpeg');
    expect(decodeUpload({ base64Data: png(10, 10).toString('base64'), mimeType: 'IMAGE/PNG' }).type).toBe('image/png');
  });

  it.each([
    ['a text file', Buffer.from('Nota fiscal em texto'), 'text/plain'],
    ['a text file declared as PDF', Buffer.from('Nota fiscal em texto'), 'application/pdf'],
    ['JPEG bytes declared as PNG', jpeg(10, 10), 'image/png'],
    ['PNG bytes declared as PDF', png(10, 10), 'application/pdf'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
  ])('refuses %s with the spec message', (_, bytes, mimeType) => {
    const error = rejection(() => decodeUpload({ base64Data: bytes.toString('base64'), mimeType }));
    expect([error.kind, error.message]).toEqual(['unprocessable', UNSUPPORTED_TYPE]);
  });

  it('refuses a data URL naming another type than mimeType', () => {
    const error = rejection(() => decodeUpload({ base64Data: `data:image/png;base64,${PDF.toString('base64')}`, mimeType: 'application/pdf' }));
    expect(error.message).toBe(UNSUPPORTED_TYPE);
  });

  it('refuses more than 10 MB before decoding', () => {
    const base64 = 'A'.repeat(Math.ceil(((MAX_DOCUMENT_BYTES + 1) * 4) / 3) + 4);
    const error = rejection(() => decodeUpload({ base64Data: base64, mimeType: 'application/pdf' }));
    expect([error.kind, error.message]).toEqual(['too_large', 'O arquivo excede o limite de 10 MB. Envie um arquivo menor.']);
  });

  it('refuses empty and non-base64 content', () => {
    expect(rejection(() => decodeUpload({ base64Data: '', mimeType: 'application/pdf' })).message).toBe('O arquivo está vazio. Selecione o documento novamente.');
    expect(rejection(() => decodeUpload({ base64Data: 'não é base64!', mimeType: 'application/pdf' })).message).toMatch(/base64 inválido/);
    expect(rejection(() => decodeUpload({ base64Data: 'data:application/pdf,%PDF-1.7', mimeType: 'application/pdf' })).message).toMatch(/base64 inválido/);
  });
});

describe('whole files', () => {
  it('reads image sizes and refuses cut or oversized images', () => {
    expect(checkImage(png(500, 200), 'image/png')).toEqual({ width: 500, height: 200 });
    expect(checkImage(jpeg(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(rejection(() => checkImage(png(500, 200).subarray(0, 40), 'image/png')).message).toMatch(/corrompido ou incompleto/);
    expect(rejection(() => checkImage(jpeg(640, 480).subarray(0, 30), 'image/jpeg')).message).toMatch(/corrompido ou incompleto/);
    expect(rejection(() => checkImage(png(10_000, 5_000), 'image/png')).message).toMatch(/40 megapixels/);
  });

  it('refuses a PDF without its end marker', () => {
    expect(() => checkPdf(PDF)).not.toThrow();
    expect(rejection(() => checkPdf(PDF.subarray(0, 30))).message).toBe('Não foi possível ler o PDF: o arquivo está corrompido ou incompleto.');
  });
});
