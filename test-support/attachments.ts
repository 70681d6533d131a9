// Small real files for expense attachment tests: a PDF laid out with pdfmake, a 1×1 PNG, and the
// inline data strings the API accepts.
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';

const require = createRequire(import.meta.url);
pdfmake.setFonts(require('pdfmake/fonts/Roboto.js'));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.includes('pdfmake'));

/** A one-page PDF with the given lines (a receipt, say). */
export async function samplePdf(lines: string[]): Promise<Buffer> {
  return (await pdfmake.createPdf({ content: lines, pageSize: 'A5', defaultStyle: { fontSize: 10 } }).getBuffer()) as Buffer;
}

/** A 1×1 transparent PNG. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
