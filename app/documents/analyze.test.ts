// PDFs made here with pdfmake go through the whole analysis (no OCR, no browser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared/errors';
import { boletoPdf, pdfFrom, receiptPdf } from '../../test-support/documents';
import { boletoLine } from '../../test-support/payment-slips';
import { analyzeDocument, shutdownDocumentAnalysis } from './analyze';

const today = '2026-11-22';
const asUpload = (bytes: Buffer, mimeType = 'application/pdf', fileName = 'documento.pdf') => ({
  base64Data: bytes.toString('base64'),
  mimeType,
  fileName,
});

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

let receipt: Buffer;
let boleto: Buffer;

beforeAll(async () => {
  receipt = await receiptPdf({
    issuer: 'PADARIA PÃO QUENTE LTDA',
    cnpj: '11.222.333/0001-81',
    number: '000001234',
    emitted: '15/03/2026',
    items: [
      ['PÃO FRANCÊS KG', '2,500', '15,90', '39,75'],
      ['BOLO DE FESTA 5 KG', '1', '1.194,81', '1.194,81'],
    ],
    total: '1.234,56',
  });
  boleto = await boletoPdf({
    bank: 'Banco Itaú S.A. | 341-7',
    line: boletoLine({ bank: '341', dueDate: '2026-12-15', centavos: 2_750_90 }),
    beneficiary: 'CONTABILIDADE EXATA LTDA',
    cnpj: '33.444.555/0001-81',
    due: '15/12/2026',
    value: 'R$ 2.750,90',
    payer: 'FLUXO TECNOLOGIA LTDA',
  });
});

afterAll(shutdownDocumentAnalysis);

describe('PDF documents', () => {
  it('reads an NFC-e receipt from its text layer', async () => {
    const result = await analyzeDocument(asUpload(receipt), { today });
    expect(result.method).toBe('pdf-text');
    expect(result.notice).toBeUndefined();
    expect(result.extractedData).toEqual({
      description: 'NFC-e 1234 — PADARIA PÃO QUENTE LTDA',
      amount: '1234.56',
      date: '2026-03-15',
      category: 'operational',
      vendor: 'PADARIA PÃO QUENTE LTDA',
    });
  });

  it('accepts a data URL and answers with the organization’s category', async () => {
    const upload = { ...asUpload(receipt), base64Data: `data:application/pdf;base64,${receipt.toString('base64')}` };
    const categories = [
      { slug: 'alimentacao', name: 'Alimentação' },
      { slug: 'transporte', name: 'Transporte' },
    ];
    expect((await analyzeDocument(upload, { today, categories })).extractedData.category).toBe('alimentacao');
  });

  it('reads a boleto: amount and due date from its typeable line', async () => {
    const result = await analyzeDocument(asUpload(boleto, 'application/pdf', 'boleto.pdf'), { today });
    expect(result.extractedData).toEqual({
      description: 'Boleto — CONTABILIDADE EXATA LTDA',
      amount: '2750.90',
      date: '2026-12-15',
      category: 'administrative',
      vendor: 'CONTABILIDADE EXATA LTDA',
    });
  });

  it('reads the due date with today’s date by default', async () => {
    expect((await analyzeDocument(asUpload(boleto))).extractedData.date).toBe('2026-12-15');
  });
});

describe('bad uploads', () => {
  it('refuses a truncated PDF', async () => {
    const error = await failure(analyzeDocument(asUpload(receipt.subarray(0, Math.floor(receipt.length / 2)))));
    expect([error.kind, error.message]).toEqual(['unprocessable', 'Não foi possível ler o PDF: o arquivo está corrompido ou incompleto.']);
  });

  it('refuses a PDF whose body is damaged even though it ends well', async () => {
    const damaged = Buffer.concat([receipt.subarray(0, 400), Buffer.alloc(2000, 0x41), receipt.subarray(-200)]);
    const error = await failure(analyzeDocument(asUpload(damaged)));
    expect([error.kind, error.message]).toEqual(['unprocessable', 'Não foi possível ler o PDF: o arquivo está corrompido ou incompleto.']);
  });

  it('refuses a password-protected PDF', async () => {
    const locked = await pdfFrom(['VALOR TOTAL R$ 10,00'], { userPassword: 'segredo' });
    const error = await failure(analyzeDocument(asUpload(locked)));
    expect([error.kind, error.message]).toEqual(['unprocessable', 'O PDF está protegido por senha. Envie uma versão sem senha.']);
  });

  it('refuses a text file, declared as text or as PDF', async () => {
    const text = Buffer.from('VALOR TOTAL R$ 1.234,56\nEmissão 15/03/2026\n');
    for (const mimeType of ['text/plain', 'application/pdf']) {
      const error = await failure(analyzeDocument(asUpload(text, mimeType, 'nota.txt')));
      expect([error.kind, error.message]).toEqual(['unprocessable', 'Tipo de arquivo não suportado. Use imagens (JPG, PNG) ou PDF.']);
    }
  });

  it('refuses a PDF declared as an image', async () => {
    const error = await failure(analyzeDocument(asUpload(receipt, 'image/png', 'nota.png')));
    expect(error.message).toBe('Tipo de arquivo não suportado. Use imagens (JPG, PNG) ou PDF.');
  });
});
