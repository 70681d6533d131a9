// Reads what an expense needs (description, amount, date, category, vendor) from the text of a
// Brazilian receipt, invoice (NFC-e, DANFE, NFS-e) or payment slip (boleto, arrecadação). Pure.
import { isValidDate } from '../../domain/shared/dates';
import { formatMoney } from '../../domain/shared/money';
import { pickTotal } from './amounts';
import { findPaymentSlip, type PaymentSlip } from './boleto';
import { guessCategory, type CategoryOption } from './category';
import { findCnpjs } from './cnpj';
import { fold, textLines } from './text';

export type ExtractedData = {
  description: string | null;
  /** Decimal string with two places: "1234.50". */
  amount: string | null;
  /** YYYY-MM-DD: the emission date, or the due date of a payment slip. */
  date: string | null;
  /** An expense category slug. */
  category: string | null;
  vendor: string | null;
};

export type ExtractOptions = {
  /** The organization's expense categories; the spec's fallback slugs when absent or empty. */
  categories?: CategoryOption[];
  /** YYYY-MM-DD, the day the document is read: it places a boleto's due-date factor in its cycle. */
  today: string;
};

type DocumentKind = 'nfce' | 'nfe' | 'nfse' | 'cupom' | 'boleto' | 'arrecadacao' | 'recibo' | null;

// ---- dates ----

const DATE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?!\d|[/.-]\d)/g;

/** Day, month and year as printed ('5', '03', '25' or '2025') → YYYY-MM-DD, or null. */
export function brazilianDate(day: string, month: string, year: string): string | null {
  const fullYear = year.length === 4 ? Number(year) : Number(year) + (Number(year) < 80 ? 2000 : 1900);
  if (fullYear < 1990 || fullYear > 2099) return null;
  const date = `${fullYear}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isValidDate(date) ? date : null;
}

function datesIn(line: string, from = 0): string[] {
  return [...line.slice(from).matchAll(DATE)].map((m) => brazilianDate(m[1], m[3], m[4])).filter((d) => d !== null);
}

const DUE_LABEL = /vencimento|\bvenc\b\.?|vence em|pagavel ate|pagar ate|data limite/;
const ISSUE_LABEL = /emissao|emitid[ao] em|data da compra|data do documento|competencia/;
const ANY_DATE_LABEL = /\bdata\b(?! de venc| de valid| de nasc| de fabric)|\bdt\b\.?/;
const NOT_THE_DATE = /validade|nascimento|\bval\.|fabricacao/;

function dateNearLabel(lines: string[], label: RegExp): string | null {
  for (const [index, line] of lines.entries()) {
    const match = label.exec(fold(line));
    if (!match) continue;
    const found = datesIn(line, match.index + match[0].length)[0] ?? datesIn(line)[0];
    if (found) return found;
    // A label row over a value row: the first date just below.
    for (const below of lines.slice(index + 1, index + 3)) {
      const date = datesIn(below)[0];
      if (date) return date;
    }
  }
  return null;
}

function pickDate(lines: string[], kind: DocumentKind): string | null {
  const labels = kind === 'boleto' || kind === 'arrecadacao' ? [DUE_LABEL, ISSUE_LABEL, ANY_DATE_LABEL] : [ISSUE_LABEL, ANY_DATE_LABEL];
  for (const label of labels) {
    const date = dateNearLabel(lines, label);
    if (date) return date;
  }
  for (const line of lines) {
    if (NOT_THE_DATE.test(fold(line))) continue;
    const date = datesIn(line)[0];
    if (date) return date;
  }
  return null;
}

// ---- vendor ----

const COMPANY = /\b(?:ltda|s\.?\/?a|me|epp|eireli|mei|cia|comercio|industria|servicos|restaurante|padaria|posto|mercado|supermercado|farmacia|drogaria)\b/;
const NOT_A_NAME = new RegExp(
  '^(?:danfe|documento auxiliar|documento de arrecada|nota fiscal|nfc-?e|nfs-?e|nf-?e|cupom|extrato|recibo|boleto|comprovante|' +
    'via d|cnpj|cpf|ie\\b|i\\.e|inscri|endere|rua\\b|r\\.|av\\b|av\\.|avenida|rod\\b|rodovia|estrada|travessa|alameda|praca|' +
    'tel\\b|tel\\.|fone|telefone|cep\\b|bairro|www|http|consulte|chave|protocolo|emiss|data|valor|total|subtotal|qtd|' +
    'quant|codigo|cod\\b|descri|item|pagador|sacado|local de pagamento|agencia|nosso numero|vencimento|banco|identifica|' +
    'emitente|destinat|consumidor|forma de pagamento|pagamento|dinheiro|cartao|troco|desconto|serie|numero|n[º°o]\\b|' +
    'documento|especie|aceite|carteira|uso do banco|instrucoes|autentica|ficha|recibo do|linha digit|sac\\b|ouvidoria|' +
    'prefeitura|secretaria|municipio|estado d|governo|dados|tributos|informac|obrigado|volte sempre|obs)',
);

function isName(candidate: string): boolean {
  const folded = fold(candidate);
  const letters = folded.match(/\p{L}/gu)?.length ?? 0;
  const visible = folded.replace(/\s/g, '').length;
  return letters >= 3 && letters / visible >= 0.6 && /\p{L}{3}/u.test(folded) && !NOT_A_NAME.test(folded);
}

const NAME_PREFIX = /^(?:nome\s*\/\s*raz[aã]o social|raz[aã]o social|nome fantasia|nome|emitente|benefici[aá]rio(?: final)?|cedente|empresa|fornecedor|prestador(?: de servi[cç]os?)?)\s*[:\-–]?\s*/i;
const NAME_TAIL = /\s*(?:[-–|,]\s*)?(?:\b(?:CNPJ|CPF|C\.N\.P\.J|IE|I\.E|INSCRI[CÇ][AÃ]O|AG[EÊ]NCIA)\b|\d{2}\.\d{3}\.\d{3}|\d{14}|\d{3,5}\s*[-/]\s*\d).*$/i;

/** "Razão Social: PADARIA X LTDA - CNPJ 11.222…" → "PADARIA X LTDA" */
function cleanName(raw: string): string {
  return raw
    .replace(NAME_PREFIX, '')
    .replace(NAME_TAIL, '')
    .replace(/[\s\-–:|,;]+$/, '')
    .replace(/^[\s\-–:|,;]+/, '')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
}

function nameFrom(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const name = cleanName(raw);
  return isName(name) ? name : null;
}

/** The name after a label on its line ('Beneficiário: X'), or on the line below the label. */
function nameAfterLabel(lines: string[], label: RegExp): string | null {
  for (const [index, line] of lines.entries()) {
    const match = label.exec(fold(line));
    if (!match) continue;
    const name = nameFrom(line.slice(match.index + match[0].length)) ?? nameFrom(lines[index + 1]);
    if (name) return name;
  }
  return null;
}

const BENEFICIARY = /(?<!codigo d[oa] |cod\. d[oa] |cod d[oa] )(?:benefici[aá]rio|cedente)(?!\s*final)\b\s*[:\-–]?/;
const OTHER_PARTY = /consumidor|destinat|pagador|sacado|tomador|cliente|adquirente/;

/** The issuer: the name beside or above the first CNPJ that is not the buyer's. */
function nameNearCnpj(lines: string[]): string | null {
  for (const [index, line] of lines.entries()) {
    const [cnpj] = findCnpjs(line);
    if (!cnpj) continue;
    if (OTHER_PARTY.test(fold(`${lines[index - 1] ?? ''} ${line}`))) continue;
    const before = line.slice(0, cnpj.index).replace(/\b(?:CNPJ|C\.N\.P\.J\.?)\s*[:.]?\s*$/i, '');
    const candidates = [before, lines[index - 1], lines[index + 1], lines[index - 2]]
      .map((candidate) => nameFrom(candidate))
      .filter((name) => name !== null);
    return candidates.find((name) => COMPANY.test(fold(name))) ?? candidates[0] ?? null;
  }
  return null;
}

function pickVendor(lines: string[], text: string, kind: DocumentKind): string | null {
  if (kind === 'boleto' || kind === 'arrecadacao') {
    const beneficiary = nameAfterLabel(lines, BENEFICIARY);
    if (beneficiary) return beneficiary;
  }
  // DANFE stub: 'RECEBEMOS DE <razão social> OS PRODUTOS E/OU SERVIÇOS…'
  const stub = /recebemos de\s+(.+?)\s+os (?:produtos|servi)/i.exec(text.replace(/\s+/g, ' '));
  return (
    nameFrom(stub?.[1]) ??
    nameAfterLabel(lines, /identificacao do emitente|raz[aã]o social\s*[:\-–]|^emitente\s*[:\-–]?|prestador de servicos?\s*[:\-–]?/) ??
    nameNearCnpj(lines) ??
    lines.slice(0, 8).map((line) => nameFrom(line)).find((name) => name !== null) ??
    null
  );
}

// ---- kind, number and description ----

function documentKind(folded: string, slip: PaymentSlip | null): DocumentKind {
  if (slip) return slip.kind;
  if (/nfc-?e\b|nota fiscal de consumidor eletronica/.test(folded)) return 'nfce';
  if (/\bnfs-?e\b|nota fiscal (?:eletronica )?de servicos?|nota fiscal de servicos? eletronica/.test(folded)) return 'nfse';
  if (/\bdanfe\b|\bnf-?e\b|nota fiscal eletronica/.test(folded)) return 'nfe';
  if (/cupom fiscal|\bcf-?e\b|\bsat\b/.test(folded)) return 'cupom';
  if (/ficha de compensacao|linha digitavel|\bboleto\b|pagavel em qualquer banco|(?:benefici[aá]rio|cedente).*\n?.*(?:pagador|sacado)/.test(folded)) return 'boleto';
  if (/\brecibo\b/.test(folded)) return 'recibo';
  return null;
}

const NUMBER = /(?:\bn(?:[º°o]\.?|\.)|\bnumero(?: d[ao] (?:nota|nfs-?e|nf-?e|documento))?|\bnro\.?|\bnum\.)\s*:?\s*(\d{1,3}(?:\.\d{3})+|\d{1,9})(?!\d)/;
const KIND_WORD: Record<string, RegExp> = {
  nfce: /nfc-?e/,
  nfe: /danfe|nf-?e|nota fiscal/,
  nfse: /nfs-?e|nota fiscal/,
  cupom: /cupom|cf-?e|extrato/,
};

/** The document number, from a line that names the document or its series: 'NFC-e nº 000.001.234 Série 1' → '1234'. */
function documentNumber(lines: string[], kind: DocumentKind): string | null {
  const word = kind ? KIND_WORD[kind] : undefined;
  if (!word) return null;
  for (const line of lines) {
    const folded = fold(line);
    if (!word.test(folded) && !/\bserie\b|numero d[ao] (?:nota|nf)/.test(folded)) continue;
    const match = NUMBER.exec(folded);
    if (match) return match[1].replaceAll('.', '').replace(/^0+(?=\d)/, '');
  }
  return null;
}

const SEGMENTS: Record<string, string> = {
  '1': 'Guia de tributo municipal',
  '2': 'Conta de água e saneamento',
  '3': 'Conta de energia elétrica e gás',
  '4': 'Conta de telecomunicações',
  '5': 'Guia de órgão governamental',
  '6': 'Carnê ou convênio',
  '7': 'Multa de trânsito',
};

const KIND_TITLE: Record<string, string> = { nfce: 'NFC-e', nfe: 'NF-e', nfse: 'NFS-e', cupom: 'Cupom fiscal', boleto: 'Boleto', recibo: 'Recibo' };

function describe(kind: DocumentKind, number: string | null, vendor: string | null, slip: PaymentSlip | null): string | null {
  const title =
    slip?.kind === 'arrecadacao'
      ? (SEGMENTS[slip.segment] ?? 'Documento de arrecadação')
      : kind && KIND_TITLE[kind]
        ? [KIND_TITLE[kind], number].filter(Boolean).join(' ')
        : null;
  return [title, vendor].filter(Boolean).join(' — ') || null;
}

// ---- all together ----

export function extractExpenseData(text: string, options: ExtractOptions): ExtractedData {
  const normalized = text.normalize('NFC');
  const lines = textLines(normalized);
  const slip = findPaymentSlip(normalized, options.today);
  const kind = documentKind(fold(normalized), slip);
  const vendor = pickVendor(lines, normalized, kind);
  const description = describe(kind, documentNumber(lines, kind), vendor, slip);
  const amount = slip?.amount ?? pickTotal(lines);
  const date = (slip?.kind === 'boleto' ? slip.dueDate : null) ?? pickDate(lines, kind);
  return {
    description,
    amount: amount === null ? null : formatMoney(amount),
    date,
    category: guessCategory(`${description ?? ''}\n${normalized}`, vendor, options.categories),
    vendor,
  };
}
