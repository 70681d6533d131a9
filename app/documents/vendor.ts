// The vendor of a document: a boleto's beneficiary, the issuer named on a DANFE stub or beside its
// label, the name beside the issuer's CNPJ, or else the first line that reads like a name.
import { findCnpjs } from './cnpj';
import type { DocumentKind } from './document-kind';
import { fold } from './text';

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

/**
 * On a boleto the bank is printed everywhere (its logo, 'Bradesco | 237-2 | <linha digitável>',
 * 'Pagável em qualquer agência Itaú') but it only collects: the vendor is the beneficiário. A line
 * carrying a bank code ('237-2') is the bank's header, and a bank's name is never the vendor.
 */
const BANK_NAME = /^(?:banco\b|bco\b|bradesco|itau|santander|caixa\b|nubank|nu pagamentos|inter\b|sicoob|sicredi|btg|safra|c6\b|banrisul|pagbank|pagseguro|mercado pago|bs2\b|daycoval|citibank|hsbc|unicred|cresol)/;
const BANK_HEADER = /(?:^|[|\s])\d{3}-[\dx](?:$|[|\s])/i;

/** Accepts or refuses a candidate name read from `line`. */
type NameCheck = (name: string, line: string) => boolean;
const anyName: NameCheck = () => true;
const notTheBank: NameCheck = (name, line) => !BANK_NAME.test(fold(name)) && !BANK_HEADER.test(line);

function nameFrom(raw: string | undefined, accept: NameCheck = anyName): string | null {
  if (raw === undefined) return null;
  const name = cleanName(raw);
  return isName(name) && accept(name, raw) ? name : null;
}

/** The name after a label on its line ('Beneficiário: X'), or on the line below the label. */
function nameAfterLabel(lines: string[], label: RegExp, accept: NameCheck = anyName): string | null {
  for (const [index, line] of lines.entries()) {
    const match = label.exec(fold(line));
    if (!match) continue;
    const name = nameFrom(line.slice(match.index + match[0].length), accept) ?? nameFrom(lines[index + 1], accept);
    if (name) return name;
  }
  return null;
}

const BENEFICIARY = /(?<!codigo d[oa] |cod\. d[oa] |cod d[oa] )(?:benefici[aá]rio|cedente)(?!\s*final)\b\s*[:\-–]?/;
const OTHER_PARTY = /consumidor|destinat|pagador|sacado|tomador|cliente|adquirente/;

/** The issuer: the name beside or above the first CNPJ that is not the buyer's. */
function nameNearCnpj(lines: string[], accept: NameCheck): string | null {
  for (const [index, line] of lines.entries()) {
    const [cnpj] = findCnpjs(line);
    if (!cnpj) continue;
    if (OTHER_PARTY.test(fold(`${lines[index - 1] ?? ''} ${line}`))) continue;
    const before = line.slice(0, cnpj.index).replace(/\b(?:CNPJ|C\.N\.P\.J\.?)\s*[:.]?\s*$/i, '');
    const candidates = [before, lines[index - 1], lines[index + 1], lines[index - 2]]
      .map((candidate) => nameFrom(candidate, accept))
      .filter((name) => name !== null);
    return candidates.find((name) => COMPANY.test(fold(name))) ?? candidates[0] ?? null;
  }
  return null;
}

/** The vendor name as printed, or null. */
export function pickVendor(lines: string[], text: string, kind: DocumentKind): string | null {
  const slip = kind === 'boleto' || kind === 'arrecadacao';
  const accept = slip ? notTheBank : anyName;
  if (slip) {
    const beneficiary = nameAfterLabel(lines, BENEFICIARY, accept);
    if (beneficiary) return beneficiary;
  }
  // DANFE stub: 'RECEBEMOS DE <razão social> OS PRODUTOS E/OU SERVIÇOS…'
  const stub = /recebemos de\s+(.+?)\s+os (?:produtos|servi)/i.exec(text.replace(/\s+/g, ' '));
  return (
    nameFrom(stub?.[1], accept) ??
    nameAfterLabel(lines, /identificacao do emitente|raz[aã]o social\s*[:\-–]|^emitente\s*[:\-–]?|prestador de servicos?\s*[:\-–]?/, accept) ??
    nameNearCnpj(lines, accept) ??
    lines.slice(0, 8).map((line) => nameFrom(line, accept)).find((name) => name !== null) ??
    null
  );
}
