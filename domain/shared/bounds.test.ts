import { describe, expect, it } from 'vitest';
import { assertAmountWithinLimit, assertDateInRange, assertStorableText } from './bounds';
import { parseMoney } from './money';
import { findUnstorableText, isStorableText } from './text';

describe('bounds every decider applies', () => {
  it('takes amounts up to R$ 999.999.999,99 either way', () => {
    expect(() => assertAmountWithinLimit('amount', 99_999_999_999n)).not.toThrow();
    expect(() => assertAmountWithinLimit('amount', -99_999_999_999n)).not.toThrow();
    expect(() => assertAmountWithinLimit('amount', 100_000_000_000n)).toThrow('O valor deve ser no máximo R$ 999.999.999,99');
  });

  it('takes real dates from 1900 to 2100', () => {
    expect(() => assertDateInRange('date', '1900-01-01')).not.toThrow();
    expect(() => assertDateInRange('date', '2100-12-31')).not.toThrow();
    expect(() => assertDateInRange('date', '9999-12-31')).toThrow('Data fora do intervalo permitido (anos de 1900 a 2100)');
    expect(() => assertDateInRange('date', '2024-02-30')).toThrow();
  });

  it('refuses NUL and lone surrogates, keeps pairs', () => {
    expect(isStorableText('Café 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
    expect(isStorableText('\ude00x')).toBe(false);
    expect(() => assertStorableText('name', 'x\ud800')).toThrow('caracteres inválidos');
    expect(findUnstorableText({ items: [{ ok: 'a' }, { name: 'b\u0000' }] })).toBe('items.1.name');
    expect(findUnstorableText({ ok: ['a', 'b'] })).toBeNull();
  });

  it('reads numbers with at most two decimals, never rounding more away', () => {
    expect(parseMoney(10.1)).toBe(1010n);
    expect(parseMoney(0.1 + 0.2)).toBe(30n);
    expect(parseMoney(10.123)).toBeNull();
    expect(parseMoney(1e21)).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
  });
});
