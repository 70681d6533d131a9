// What kind of document a text is (NFC-e, NF-e, NFS-e, SAT cupom, boleto, arrecadação, receipt),
// its number, and the expense description built from them: 'NFC-e 1234 — Padaria Pão Quente'.
import type { PaymentSlip } from './boleto';
import { fold } from './text';

export type DocumentKind = 'nfce' | 'nfe' | 'nfse' | 'cupom' | 'boleto' | 'arrecadacao' | 'recibo' | null;

/** The kind of document; a valid payment slip line decides it. */
export function documentKind(folded: string, slip: PaymentSlip | null): DocumentKind {
  if (slip) return slip.kind;
  if (/nfc-?e\b|nota fiscal de consumidor eletronica/.test(folded)) return 'nfce';
  if (/\bnfs-?e\b|nota fiscal (?:eletronica )?de servicos?|nota fiscal de servicos? eletronica/.test(folded)) return 'nfse';
  if (/\bdanfe\b|\bnf-?e\b|nota fiscal eletronica/.test(folded)) return 'nfe';
  if (/cupom fiscal|\bcf-?e\b|\bsat\b/.test(folded)) return 'cupom';
  const slipWords = /ficha de compensacao|linha digitavel|\bboleto\b|pagavel em qualquer banco/.test(folded);
  if (slipWords || (/beneficiario|cedente/.test(folded) && /pagador|sacado/.test(folded))) return 'boleto';
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
export function documentNumber(lines: string[], kind: DocumentKind): string | null {
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

/** 'NFC-e 1234 — vendor', 'Boleto — beneficiary', 'Conta de energia elétrica e gás — vendor', or just the vendor. */
export function describeDocument(kind: DocumentKind, number: string | null, vendor: string | null, slip: PaymentSlip | null): string | null {
  const title =
    slip?.kind === 'arrecadacao'
      ? (SEGMENTS[slip.segment] ?? 'Documento de arrecadação')
      : kind && KIND_TITLE[kind]
        ? [KIND_TITLE[kind], number].filter(Boolean).join(' ')
        : null;
  return [title, vendor].filter(Boolean).join(' — ') || null;
}
