// The text layer of a PDF, read with pdfjs-dist's Node build (no worker thread, no canvas) and
// rebuilt into lines by position, so a label and its value printed side by side share a line.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DomainError } from '../../domain/shared/errors';
import { CORRUPT_PDF } from './upload';

/** Receipts, invoices and slips carry what matters on their first pages. */
const MAX_PAGES = 5;

const PROTECTED = 'O PDF está protegido por senha. Envie uma versão sem senha.';

type TextItem = { str: string; transform: number[]; width: number; height: number };
type PageItem = TextItem | { type: string };

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

function loadPdfjs() {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

/** Groups a page's text items into lines, top to bottom, each read left to right. */
export function itemsToLines(items: TextItem[]): string[] {
  const placed = items
    .filter((item) => item.str.trim() !== '')
    .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: Math.abs(item.height) || 10 }))
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

/** All text of the first pages, one line per printed line; '' when the PDF has no text layer. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    // pdfjs takes ownership of the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
    cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
    cMapPacked: true,
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
    return lines.join('\n');
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') throw new DomainError('unprocessable', PROTECTED);
    throw new DomainError('unprocessable', CORRUPT_PDF);
  } finally {
    await task.destroy();
  }
}
