// Brazilian banks Fluxo can connect to, and how bank and account numbers are compared across sources.

export type SupportedBank = { name: string; code: string };

/** COMPE codes (three digits) of the banks offered in 'Conectar Banco'. */
export const supportedBanks: readonly SupportedBank[] = [
  { name: 'Banco do Brasil', code: '001' },
  { name: 'Bradesco', code: '237' },
  { name: 'Itaú Unibanco', code: '341' },
  { name: 'Santander', code: '033' },
  { name: 'Caixa Econômica Federal', code: '104' },
  { name: 'Nubank', code: '260' },
  { name: 'Banco Inter', code: '077' },
  { name: 'Sicredi', code: '748' },
  { name: 'Sicoob', code: '756' },
  { name: 'BTG Pactual', code: '208' },
  { name: 'C6 Bank', code: '336' },
  { name: 'Banrisul', code: '041' },
  { name: 'Banco Safra', code: '422' },
  { name: 'Mercado Pago', code: '323' },
  { name: 'PagBank', code: '290' },
  { name: 'Efí (Gerencianet)', code: '364' },
];

// Non-numeric BANKIDs seen in real exports, mapped to the bank's COMPE code.
const bankIdAliases: Record<string, string> = { GNT: '364' };

/**
 * One spelling per bank: BB writes its BANKID as '1' or '001', Caixa as '104' or '0104', so numeric
 * ids lose their leading zeros and are padded back to COMPE's three digits. Unknown letters stay
 * upper-cased; a missing id is ''.
 */
export function normalizeBankId(raw: string | null | undefined): string {
  const value = (raw ?? '').trim().toUpperCase();
  if (value === '') return '';
  if (bankIdAliases[value]) return bankIdAliases[value];
  if (/^\d+$/.test(value)) return (value.replace(/^0+/, '') || '0').padStart(3, '0');
  return value;
}

/**
 * An account number as both an OFX ACCTID and a person typing it write it: only letters and
 * digits ('54321-9' = '543219'), leading zeros dropped ('0005779806116' = '5779806116').
 */
export function normalizeAccountNumber(raw: string | null | undefined): string {
  const value = (raw ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
  return value.replace(/^0+(?=.)/, '');
}

export function bankByName(name: string): SupportedBank | null {
  const wanted = name.trim().toLowerCase();
  return supportedBanks.find((bank) => bank.name.toLowerCase() === wanted) ?? null;
}

export function bankByCode(code: string | null | undefined): SupportedBank | null {
  const wanted = normalizeBankId(code);
  return wanted === '' ? null : (supportedBanks.find((bank) => bank.code === wanted) ?? null);
}

/** The spec shows only the last 4 digits: '12345-6' → '****3456'. */
export function maskAccountNumber(raw: string): string {
  const digits = raw.replace(/[^0-9A-Za-z]/g, '');
  return `****${digits.slice(-4)}`;
}
