// Reads a PDF with pdfjs-dist's Node build: its text layer, rebuilt into lines by position so a
// label and its value printed side by side share a line, or, for a scan without text, an image of
// the first page for OCR (pdfjs draws it on its own Node canvas; no browser, no worker thread).
import { createRequire } from 'node:module';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { dirname, join } from 'node:path';
import { DomainError } from '../../domain/shared/errors';
import { CORRUPT_PDF } from './upload';

/** Receipts, invoices and slips carry what matters on their first pages. */
const MAX_PAGES = 5;
/** A scan is drawn at 200 dpi, kept under 8 megapixels so OCR stays quick. */
const SCAN_DPI = 200;
const SCAN_MAX_PIXELS = 8_000_000;

const PROTECTED = 'O PDF está protegido por senha. Envie uma versão sem senha.';

type TextItem = { str: string; transform: number[]; width: number; height: number };
type PageItem = TextItem | { type: string };
type NodeCanvas = { toBuffer(mime: 'image/png'): Buffer };
type CanvasFactory = { create(width: number, height: number): { canvas: NodeCanvas; context: unknown } };

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folder = (name: string) => join(pdfjsRoot, name) + '/';

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

/** Groups a page's text items into lines, top to bottom, each read left to right. */
export function itemsToLines(items: TextItem[]): string[] {
  const placed = items
    .filter((item) => item.str.trim() !== '')
    .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], height: Math.abs(item.height) || 10 }))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: (typeof placed)[] = [];
  for (const item of placed) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0].y - item.y) <= Math.max(2, Math.min(row[0].height, item.height) * 0.5)) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) =>
    row
      .sort((a, b) => a.x - b.x)
      .map((item) => item.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

export type PdfContent = {
  /** All text of the first pages, one line per printed line; '' when the PDF has no text layer. */
  text: string;
  /** PNG of the first page when there is no text layer (null when it has text or cannot be drawn). */
  scan: Buffer | null;
};

export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    // pdfjs takes ownership of the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    wasmUrl: folder('wasm'),
    iccUrl: folder('iccs'),
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const lines: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      lines.push(...itemsToLines((content.items as PageItem[]).filter((item): item is TextItem => 'str' in item)));
      page.cleanup();
    }
    const text = lines.join('\n');
    if (text.trim() !== '') return { text, scan: null };
    // A missing canvas module only costs the scan's OCR, never the analysis.
    const scan = await drawFirstPage(document).catch(() => null);
    return { text, scan };
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') throw new DomainError('unprocessable', PROTECTED);
    throw new DomainError('unprocessable', CORRUPT_PDF);
  } finally {
    await task.destroy();
  }
}

type PdfDocument = PDFDocumentProxy;
type RenderParameters = Parameters<Awaited<ReturnType<PdfDocument['getPage']>>['render']>[0];

async function drawFirstPage(document: PdfDocument): Promise<Buffer> {
  const page = await document.getPage(1);
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(SCAN_DPI / 72, Math.sqrt(SCAN_MAX_PIXELS / (base.width * base.height)));
  const viewport = page.getViewport({ scale });
  const { canvas, context } = (document.canvasFactory as CanvasFactory).create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: context as RenderParameters['canvasContext'],
    viewport,
  }).promise;
  page.cleanup();
  return canvas.toBuffer('image/png');
}
