// Document analysis behind POST /api/documents/analyze: reads an uploaded receipt, invoice or
// payment slip (PDF text layer; OCR for JPEG/PNG and scanned PDFs) and proposes the expense fields. Offline.
import { saoPauloDate } from '../../domain/shared/dates';
import type { CategoryOption } from './category';
import { extractExpenseData, type ExtractedData } from './extract';
import { recognizeImage, shutdownOcr } from './ocr';
import { readPdf } from './pdf';
import { checkImage, checkPdf, decodeUpload } from './upload';

export type { ExtractedData } from './extract';
export type { CategoryOption } from './category';

export type AnalyzeInput = { base64Data: string; mimeType: string; fileName: string };

export type AnalyzeOptions = {
  /** The organization's active expense categories; the guess is one of their slugs. */
  categories?: CategoryOption[];
  /** YYYY-MM-DD the document is read on (default: today in São Paulo); places a boleto's due date. */
  today?: string;
};

export type DocumentAnalysis = {
  extractedData: ExtractedData;
  /** The text the fields were read from. */
  text: string;
  method: 'pdf-text' | 'ocr';
  /** pt-BR remark for the person when the document could not be read as expected. */
  notice?: string;
};

const NO_TEXT_LAYER =
  'Este PDF não tem texto selecionável (parece ser uma digitalização) e não foi possível lê-lo. Preencha os dados manualmente ou envie uma foto (JPG ou PNG) do documento.';
const SCANNED = 'Este PDF é uma digitalização: os dados foram lidos por OCR. Confira-os antes de salvar.';
const NOTHING_FOUND = 'Nenhum dado foi reconhecido no documento. Confira se a imagem está nítida e completa.';

/** Reads a document and proposes expense fields; throws DomainError ('unprocessable', 'too_large') for bad uploads. */
export async function analyzeDocument(input: AnalyzeInput, options: AnalyzeOptions = {}): Promise<DocumentAnalysis> {
  const { bytes, type } = decodeUpload(input);
  let text: string;
  let method: DocumentAnalysis['method'];
  let notice: string | undefined;
  if (type === 'application/pdf') {
    checkPdf(bytes);
    const pdf = await readPdf(bytes);
    // A scan's page image is read like a photo; when that fails the PDF is reported as unreadable text.
    const scanned = pdf.scan ? await recognizeImage(pdf.scan).catch(() => '') : '';
    [text, method] = scanned.trim() ? [scanned, 'ocr'] : [pdf.text, 'pdf-text'];
    if (pdf.text.trim() === '') notice = scanned.trim() ? SCANNED : NO_TEXT_LAYER;
  } else {
    checkImage(bytes, type);
    text = await recognizeImage(bytes);
    method = 'ocr';
  }
  const extractedData = extractExpenseData(text, {
    today: options.today ?? saoPauloDate(new Date()),
    categories: options.categories,
  });
  const found = Object.values(extractedData).some((value) => value !== null);
  notice ??= found ? undefined : NOTHING_FOUND;
  return { extractedData, text, method, ...(notice ? { notice } : {}) };
}

/** Stops the OCR worker (call on server shutdown and after tests). */
export async function shutdownDocumentAnalysis(): Promise<void> {
  await shutdownOcr();
}
