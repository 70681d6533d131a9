import { describe, expect, it } from 'vitest';
import { centavosToDecimal, formatAmountInput, parseBrazilianAmount } from './money';

describe('parseBrazilianAmount', () => {
  it('reads the comma as the decimal separator, with or without thousands dots', () => {
    expect(parseBrazilianAmount('1234,56')).toBe(123456);
    expect(parseBrazilianAmount('1.234,56')).toBe(123456);
    expect(parseBrazilianAmount('1.234.567,8')).toBe(123456780);
    expect(parseBrazilianAmount('0,5')).toBe(50);
    expect(parseBrazilianAmount('12,')).toBe(1200);
  });

  it('reads a dot followed by one or two digits as decimal, and whole numbers as reais', () => {
    expect(parseBrazilianAmount('1234.56')).toBe(123456);
    expect(parseBrazilianAmount('850.5')).toBe(85050);
    expect(parseBrazilianAmount('1234')).toBe(123400);
  });

  it('reads dots in groups of three without a comma as thousands', () => {
    expect(parseBrazilianAmount('1.234')).toBe(123400);
    expect(parseBrazilianAmount('12.345.678')).toBe(1234567800);
  });

  it('accepts what the input shows back: the R$ symbol and spaces', () => {
    expect(parseBrazilianAmount('R$ 1.234,56')).toBe(123456);
    expect(parseBrazilianAmount('R$\u00a01.234,56')).toBe(123456);
  });

  it('refuses text that is not an amount rather than guessing', () => {
    for (const text of ['', 'abc', '1,234,56', '1.23,45', '12,345', '1234.567', '-10', '1.2.3', '1 0 0,0 0x']) {
      expect(parseBrazilianAmount(text), text).toBeNull();
    }
  });

  it('refuses amounts beyond R$ 999.999.999,99', () => {
    expect(parseBrazilianAmount('999.999.999,99')).toBe(99_999_999_999);
    expect(parseBrazilianAmount('1.000.000.000,00')).toBeNull();
  });
});

describe('centavosToDecimal and formatAmountInput', () => {
  it('writes centavos as the API decimal string', () => {
    expect(centavosToDecimal(123456)).toBe('1234.56');
    expect(centavosToDecimal(5)).toBe('0.05');
    expect(centavosToDecimal(120000)).toBe('1200.00');
  });

  it('shows API amounts the Brazilian way', () => {
    expect(formatAmountInput('1234.5')).toBe('1.234,50');
    expect(formatAmountInput(1234.56)).toBe('1.234,56');
    expect(formatAmountInput(null)).toBe('');
  });
});
