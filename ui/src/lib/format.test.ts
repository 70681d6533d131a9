import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatDateTime, todayInSaoPaulo } from './format';

const nbsp = '\u00a0';

describe('formatCurrency', () => {
  it('formats numbers and the API decimal strings as BRL', () => {
    expect(formatCurrency(1234.5)).toBe(`R$${nbsp}1.234,50`);
    expect(formatCurrency('1234.50')).toBe(`R$${nbsp}1.234,50`);
    expect(formatCurrency('-7000.00')).toBe(`-R$${nbsp}7.000,00`);
  });

  it('shows zero for a missing or unreadable amount', () => {
    expect(formatCurrency(null)).toBe(`R$${nbsp}0,00`);
    expect(formatCurrency('abc')).toBe(`R$${nbsp}0,00`);
  });
});

describe('formatDate', () => {
  it('reads a business date as the calendar day it names, whatever the time zone', () => {
    expect(formatDate('2025-03-01')).toBe('01/03/2025');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });

  it('shows an instant as its day in São Paulo', () => {
    expect(formatDate('2025-03-01T02:00:00Z')).toBe('28/02/2025');
    expect(formatDate('2025-03-01T03:00:00Z')).toBe('01/03/2025');
  });

  it('leaves empty values empty', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows an instant in São Paulo time', () => {
    expect(formatDateTime('2025-03-01T02:30:00Z')).toBe('28/02/2025, 23:30');
  });
});

describe('todayInSaoPaulo', () => {
  it('is the calendar day in São Paulo, not in UTC', () => {
    expect(todayInSaoPaulo(new Date('2025-03-01T02:00:00Z'))).toBe('2025-02-28');
    expect(todayInSaoPaulo(new Date('2025-03-01T12:00:00Z'))).toBe('2025-03-01');
  });
});
