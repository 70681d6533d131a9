// Valid boleto and arrecadação lines for tests, computed here independently of app/documents so
// a test compares two implementations of FEBRABAN's rules, not one with itself.

const digitsOf = (text: string) => [...text].map(Number);

function modulo10(block: string): number {
  const total = digitsOf(block)
    .reverse()
    .map((digit, i) => digit * (i % 2 === 0 ? 2 : 1))
    .reduce((sum, product) => sum + Math.floor(product / 10) + (product % 10), 0);
  return (10 - (total % 10)) % 10;
}

function weightedMod11(block: string): number {
  return digitsOf(block)
    .reverse()
    .reduce((sum, digit, i) => sum + digit * ((i % 8) + 2), 0) % 11;
}

/** Days from 07/10/1997, restarting at 1000 on 22/02/2025 as FEBRABAN set. */
export function dueFactor(dueDate: string): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.UTC(1997, 9, 7)) / 86_400_000);
  return String(days > 9999 ? days - 9000 : days).padStart(4, '0');
}

/** A formatted boleto line: '34191.09008 … 1 98760000012345'. `free` is the bank's 25-digit free field. */
export function boletoLine(input: { bank?: string; dueDate: string | null; centavos: number; free?: string }): string {
  const bank = (input.bank ?? '341') + '9';
  const free = input.free ?? '1090000012345678901234567';
  const factorAndValue = (input.dueDate ? dueFactor(input.dueDate) : '0000') + String(input.centavos).padStart(10, '0');
  const withoutDv = bank + factorAndValue + free;
  const rest = 11 - weightedMod11(withoutDv);
  const generalDv = rest === 0 || rest > 9 ? 1 : rest;
  const field = (data: string, dot: number) => `${data.slice(0, dot)}.${data.slice(dot)}${modulo10(data)}`;
  return [field(bank + free.slice(0, 5), 5), field(free.slice(5, 15), 5), field(free.slice(15), 5), generalDv, factorAndValue].join(' ');
}

/** A formatted arrecadação line (48 digits in four blocks). Value identifier 6 uses modulo 10, 8 modulo 11. */
export function arrecadacaoLine(input: { segment: string; valueId: '6' | '8'; centavos: number; company?: string; free?: string }): string {
  const modulo11 = (block: string) => (weightedMod11(block) < 2 ? 0 : 11 - weightedMod11(block));
  const check = input.valueId === '6' ? modulo10 : modulo11;
  const body = `8${input.segment}${input.valueId}` + String(input.centavos).padStart(11, '0') + (input.company ?? '0048') + (input.free ?? '2026121012345678901234567');
  const barcode = body.slice(0, 3) + check(body) + body.slice(3);
  return [0, 11, 22, 33].map((start) => barcode.slice(start, start + 11)).map((block) => `${block}-${check(block)}`).join(' ');
}
