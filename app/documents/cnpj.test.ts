import { describe, expect, it } from 'vitest';
import { findCnpjs, formatCnpj, isValidCnpj } from './cnpj';

describe('CNPJ', () => {
  it('checks both digits', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('11222333000171')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });

  it('accepts the alphanumeric form in force since July 2026', () => {
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
  });

  it('finds formatted and bare CNPJs with valid digits only, in reading order', () => {
    const text = 'CNPJ: 45.723.174/0001-10 IE 123 | fornecedor 11222333000181 | falso 11.222.333/0001-82 | 12.ABC.345/01DE-35';
    expect(findCnpjs(text).map((m) => m.cnpj)).toEqual(['45723174000110', '11222333000181', '12ABC34501DE35']);
  });

  it('does not take a CNPJ out of a longer number such as an access key', () => {
    expect(findCnpjs('35250311222333000181650010000012341000012345')).toEqual([]);
  });

  it('formats', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});
