// Real documents for the document-analysis tests: PDFs laid out with pdfmake, images rendered by Chromium.
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);
pdfmake.setFonts(require('pdfmake/fonts/Roboto.js'));
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.includes('pdfmake'));

/** A PDF of the given content (Roboto, A4); `options` adds document settings such as a password. */
export async function pdfFrom(content: Content, options: Partial<TDocumentDefinitions> = {}): Promise<Buffer> {
  return (await pdfmake.createPdf({ content, pageSize: 'A4', defaultStyle: { fontSize: 10 }, ...options }).getBuffer()) as Buffer;
}

/** An NFC-e style receipt: issuer, CNPJ, items table, totals, emission line. */
export function receiptPdf(input: {
  issuer: string;
  cnpj: string;
  number: string;
  emitted: string;
  items: [string, string, string, string][];
  total: string;
}): Promise<Buffer> {
  return pdfFrom([
    { text: input.issuer, bold: true, alignment: 'center' },
    { text: `CNPJ: ${input.cnpj}   IE: 123.456.789.110`, alignment: 'center' },
    { text: 'Rua das Flores, 123 - Centro - São Paulo - SP', alignment: 'center' },
    { text: 'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', alignment: 'center', margin: [0, 6] },
    {
      table: {
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [['Descrição', 'Qtd', 'Vl Unit', 'Vl Total'], ...input.items],
      },
      layout: 'noBorders',
    },
    { columns: ['Qtd. total de itens', { text: String(input.items.length), alignment: 'right' }], margin: [0, 6, 0, 0] },
    { columns: [{ text: 'VALOR TOTAL R$', bold: true }, { text: input.total, alignment: 'right', bold: true }] },
    { columns: ['FORMA DE PAGAMENTO', { text: 'VALOR PAGO R$', alignment: 'right' }] },
    { columns: ['Cartão de Crédito', { text: input.total, alignment: 'right' }] },
    { text: 'Consulte pela Chave de Acesso em www.fazenda.sp.gov.br/nfce/consulta', margin: [0, 6, 0, 0] },
    '3525 0311 2223 3300 0181 6500 1000 0012 3410 0001 2345',
    'CONSUMIDOR NÃO IDENTIFICADO',
    `NFC-e nº ${input.number} Série 001 Emissão: ${input.emitted} 14:32:10`,
    'Tributos Totais Incidentes (Lei Federal 12.741/2012): R$ 98,76',
  ]);
}

/** A boleto's payment stub (ficha de compensação) with its typeable line. */
export function boletoPdf(input: { bank: string; line: string; beneficiary: string; cnpj: string; due: string; value: string; payer: string }): Promise<Buffer> {
  const box = (label: string, value: string) => ({ stack: [{ text: label, fontSize: 7 }, { text: value, fontSize: 10 }] });
  return pdfFrom([
    { text: 'Recibo do Pagador', bold: true },
    { columns: [box('Beneficiário', `${input.beneficiary} - CNPJ ${input.cnpj}`), box('Vencimento', input.due)] },
    { text: '', margin: [0, 12] },
    { columns: [{ text: input.bank, bold: true, width: 'auto' }, { text: input.line, alignment: 'right', bold: true }] },
    { columns: [box('Local de pagamento', 'Pagável em qualquer banco até o vencimento'), box('Vencimento', input.due)] },
    { columns: [box('Beneficiário', input.beneficiary), box('Agência/Código do Beneficiário', '1234/56789-0')] },
    { columns: [box('Data do Documento', '01/11/2026'), box('Nº do Documento', '2026/0042'), box('(=) Valor do Documento', input.value)] },
    box('Pagador', `${input.payer} - CNPJ 45.723.174/0001-10`),
    { text: 'Ficha de Compensação - Autenticação Mecânica', alignment: 'right', fontSize: 7 },
  ]);
}

// ---- images ----

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Renders HTML to a PNG and a JPEG with Debian's Chromium (no download, no network), at the
 * viewport's size so OCR stays quick.
 */
export async function renderImages(html: string, viewport = { width: 620, height: 560 }): Promise<{ png: Buffer; jpeg: Buffer }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await page.setContent(html);
    return { png: await page.screenshot({ type: 'png' }), jpeg: await page.screenshot({ type: 'jpeg', quality: 90 }) };
  } finally {
    await browser.close();
  }
}

/** A receipt as a cashier's printer would lay it out, in large black-on-white text. */
export function receiptHtml(lines: string[]): string {
  const body = lines.map((line) => `<div>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</div>`).join('');
  return `<!doctype html><html><body style="margin:0;padding:20px 24px;background:#fff;color:#000;font:26px/1.45 'DejaVu Sans',sans-serif">${body}</body></html>`;
}
