// Images rendered by Chromium, and scanned PDFs, go through OCR (tesseract.js, offline). One small
// receipt, rendered once as PNG and JPEG, serves every test; OCR tests get a generous timeout for a busy machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/shared/errors';
import { pdfFrom, receiptHtml, renderImages } from '../../test-support/documents';
import { analyzeDocument, shutdownDocumentAnalysis } from './analyze';
import { languageDataDir, languageDataFiles } from './ocr';

const OCR_TIMEOUT = 90_000;
const today = '2026-11-22';

const receipt = [
  'SUPERMERCADO BOM PREÇO LTDA',
  'CNPJ: 98.765.432/0001-98',
  'NFC-e nº 5678 Série 1',
  'Emissão: 09/04/2026 18:05',
  'ARROZ TIPO 1 5KG 1 x 27,90',
  'FEIJAO CARIOCA 1KG 2 x 8,99',
  'DETERGENTE 500ML 3 x 2,79',
  'CAFE TORRADO 500G 1 x 33,20',
  'VALOR TOTAL R$ 87,45',
];
const expected = {
  description: 'NFC-e 5678 — SUPERMERCADO BOM PREÇO LTDA',
  amount: '87.45',
  date: '2026-04-09',
  category: 'operational',
  vendor: 'SUPERMERCADO BOM PREÇO LTDA',
};

let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  ({ png, jpeg } = await renderImages(receiptHtml(receipt)));
});

afterAll(shutdownDocumentAnalysis);

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('OCR of receipt images', () => {
  it('reads language data from the installed packages, through a local folder', () => {
    const files = languageDataFiles();
    expect(files.map((file) => file.split('node_modules/')[1])).toEqual([
      '@tesseract.js-data/por/4.0.0_best_int/por.traineddata.gz',
      '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
    ]);
    expect(languageDataDir()).toMatch(/^\//);
  });

  it('reads a PNG: amount, date, issuer, number', { timeout: OCR_TIMEOUT }, async () => {
    const result = await analyzeDocument({ base64Data: png.toString('base64'), mimeType: 'image/png', fileName: 'nota.png' }, { today });
    expect(result.method).toBe('ocr');
    expect(result.text).toContain('VALOR TOTAL R$ 87,45');
    expect(result.extractedData).toEqual(expected);
  });

  it('reads a JPEG sent as a data URL', { timeout: OCR_TIMEOUT }, async () => {
    const upload = { base64Data: `data:image/jpeg;base64,${jpeg.toString('base64')}`, mimeType: 'image/jpeg', fileName: 'nota.jpg' };
    expect((await analyzeDocument(upload, { today })).extractedData).toEqual(expected);
  });

  it('reads two images sent at once, one after the other on the same worker', { timeout: OCR_TIMEOUT }, async () => {
    const upload = { base64Data: png.toString('base64'), mimeType: 'image/png', fileName: 'nota.png' };
    const results = await Promise.all([analyzeDocument(upload, { today }), analyzeDocument(upload, { today })]);
    expect(results.map((result) => result.extractedData.amount)).toEqual(['87.45', '87.45']);
  });
});

describe('scanned PDFs', () => {
  it('reads a PDF that only holds a photo of the receipt by OCR of its first page', { timeout: OCR_TIMEOUT }, async () => {
    const scan = await pdfFrom([{ image: `data:image/png;base64,${png.toString('base64')}`, width: 320 }]);
    const result = await analyzeDocument({ base64Data: scan.toString('base64'), mimeType: 'application/pdf', fileName: 'scan.pdf' }, { today });
    expect(result.method).toBe('ocr');
    expect(result.notice).toBe('Este PDF é uma digitalização: os dados foram lidos por OCR. Confira-os antes de salvar.');
    expect(result.extractedData).toEqual(expected);
  });

  it('says so when a PDF has neither a text layer nor readable text', { timeout: OCR_TIMEOUT }, async () => {
    const drawing = await pdfFrom([{ canvas: [{ type: 'rect', x: 0, y: 0, w: 300, h: 120, color: '#333333' }] }]);
    const result = await analyzeDocument({ base64Data: drawing.toString('base64'), mimeType: 'application/pdf', fileName: 'desenho.pdf' }, { today });
    expect(result).toEqual({
      extractedData: { description: null, amount: null, date: null, category: null, vendor: null },
      text: '',
      method: 'pdf-text',
      notice:
        'Este PDF não tem texto selecionável (parece ser uma digitalização) e não foi possível lê-lo. Preencha os dados manualmente ou envie uma foto (JPG ou PNG) do documento.',
    });
  });
});

describe('bad images', () => {
  it('refuses JPEG bytes declared as PNG', async () => {
    const error = await failure(analyzeDocument({ base64Data: jpeg.toString('base64'), mimeType: 'image/png', fileName: 'nota.png' }));
    expect([error.kind, error.message]).toEqual(['unprocessable', 'Tipo de arquivo não suportado. Use imagens (JPG, PNG) ou PDF.']);
  });

  it('refuses a cut PNG before OCR', async () => {
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const error = await failure(analyzeDocument({ base64Data: cut.toString('base64'), mimeType: 'image/png', fileName: 'nota.png' }));
    expect([error.kind, error.message]).toEqual(['unprocessable', 'Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.']);
  });

  it('refuses an image whose data is damaged, and the next image is still read', { timeout: OCR_TIMEOUT }, async () => {
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(png.length - 80, 0x55), png.subarray(-40)]);
    const error = await failure(analyzeDocument({ base64Data: damaged.toString('base64'), mimeType: 'image/png', fileName: 'nota.png' }));
    expect(error.message).toBe('Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.');
    const next = await analyzeDocument({ base64Data: jpeg.toString('base64'), mimeType: 'image/jpeg', fileName: 'nota.jpg' }, { today });
    expect(next.extractedData.amount).toBe('87.45');
  });
});
