import { describe, expect, it } from 'vitest';
import { arrecadacaoLine, boletoLine } from '../../test-support/payment-slips';
import { dueDateFromFactor, findPaymentSlip, readPaymentSlip } from './boleto';

const today = '2026-11-22';

describe('fator de vencimento', () => {
  it('follows the FEBRABAN table of the first cycle', () => {
    expect(dueDateFromFactor(1000, '2001-01-01')).toBe('2000-07-03');
    expect(dueDateFromFactor(1001, '2001-01-01')).toBe('2000-07-04');
    expect(dueDateFromFactor(5316, '2012-04-01')).toBe('2012-04-27');
    expect(dueDateFromFactor(9999, '2025-01-01')).toBe('2025-02-21');
  });

  it('restarts at 1000 on 22/02/2025', () => {
    expect(dueDateFromFactor(1000, '2025-02-20')).toBe('2025-02-22');
    expect(dueDateFromFactor(1530, today)).toBe('2026-08-06');
  });

  it('reads a factor in the cycle that lies from 3000 days before to 5500 days after the reading day', () => {
    expect(dueDateFromFactor(9999, today)).toBe('2025-02-21'); // 1370 days ago: first cycle
    expect(dueDateFromFactor(9170, today)).toBe('2022-11-15'); // first cycle
    expect(dueDateFromFactor(5000, today)).toBe('2036-02-05'); // first cycle would be 2011: second
    expect(dueDateFromFactor(9900, '2024-06-01')).toBe('2024-11-14');
    expect(dueDateFromFactor(1100, '2024-06-01')).toBe('2025-06-02');
  });

  it('has no due date for factor 0000', () => {
    expect(dueDateFromFactor(0, today)).toBeNull();
  });
});

describe('boleto bancário (47 digits)', () => {
  it('reads real Banco do Brasil lines', () => {
    expect(readPaymentSlip('00190.00009 02467.742009 00003.599172 6 15300000065161', today)).toMatchObject({
      kind: 'boleto',
      bank: '001',
      amount: 651_61n,
      dueDate: '2026-08-06',
    });
    expect(readPaymentSlip('00190.00009 03432.568008 00010.035178 1 91700000014780', today)).toMatchObject({
      amount: 147_80n,
      dueDate: '2022-11-15',
    });
  });

  it('reads generated lines with and without punctuation', () => {
    const line = boletoLine({ bank: '237', dueDate: '2027-01-10', centavos: 1_234_56 });
    expect(readPaymentSlip(line, today)).toMatchObject({ bank: '237', amount: 1_234_56n, dueDate: '2027-01-10' });
    expect(readPaymentSlip(line.replace(/\D/g, ''), today)).toMatchObject({ amount: 1_234_56n });
  });

  it('rejects a line with a wrong digit', () => {
    const line = boletoLine({ dueDate: '2027-01-10', centavos: 500_00 }).replace(/\D/g, '');
    for (const position of [0, 12, 25, 32, 40]) {
      const wrong = line.slice(0, position) + ((Number(line[position]) + 1) % 10) + line.slice(position + 1);
      expect(readPaymentSlip(wrong, today)).toBeNull();
    }
  });

  it('has no amount when the value field is zero, and no due date for factor 0000', () => {
    expect(readPaymentSlip(boletoLine({ dueDate: null, centavos: 0 }), today)).toMatchObject({ amount: null, dueDate: null });
  });

  it('reads a 44-digit barcode', () => {
    expect(readPaymentSlip('00193373700000001000500940144816060680935031', today)).toMatchObject({ kind: 'boleto', amount: 1_00n });
  });
});

describe('arrecadação (48 digits)', () => {
  it('reads a real utility line (modulo 10)', () => {
    expect(readPaymentSlip('836200000005 667800481000 180975657313 001589636081', today)).toEqual({
      kind: 'arrecadacao',
      line: '836200000005667800481000180975657313001589636081',
      segment: '3',
      amount: 66_78n,
    });
  });

  it('reads generated lines checked with modulo 10 and modulo 11', () => {
    expect(readPaymentSlip(arrecadacaoLine({ segment: '2', valueId: '6', centavos: 89_90 }), today)).toMatchObject({ segment: '2', amount: 89_90n });
    expect(readPaymentSlip(arrecadacaoLine({ segment: '5', valueId: '8', centavos: 1_500_00 }), today)).toMatchObject({ segment: '5', amount: 1_500_00n });
  });

  it('rejects a wrong block digit', () => {
    expect(readPaymentSlip('848900000002404201622015809051904292586034111220', today)).toBeNull();
    expect(readPaymentSlip('836200000005 667800481000 180975657313 001589636082', today)).toBeNull();
  });
});

describe('finding the line in a text', () => {
  it('finds a line printed beside the bank code and split by OCR into groups', () => {
    const line = boletoLine({ bank: '341', dueDate: '2026-12-20', centavos: 123_45 });
    expect(findPaymentSlip(`Banco Itaú S.A. | 341-7 | ${line}\nPagador`, today)).toMatchObject({ amount: 123_45n });
    expect(findPaymentSlip(`341-7 ${line.replaceAll('.', ' ')}`, today)).toMatchObject({ dueDate: '2026-12-20' });
    expect(findPaymentSlip(`Linha:\n${line.slice(0, 24)}\n${line.slice(24)}`, today)).toMatchObject({ amount: 123_45n });
  });

  it('never reads an NF-e access key or a list of numbers as a slip', () => {
    const text = [
      'CHAVE DE ACESSO',
      '3525 0311 2223 3300 0181 6500 1000 0012 3410 0001 2345',
      '35250311222333000181650010000012341000012345',
      '001 002 003 004 005 006 007 008 009 010 011 012 013 014 015 016',
    ].join('\n');
    expect(findPaymentSlip(text, today)).toBeNull();
  });
});
