// Amount shapes seen in real OFX files, and the file-style rule for the ambiguous "N.NNN".
import { describe, expect, it } from 'vitest';
import { decimalEvidence, inferDecimalMark, parseOfxAmount, type DecimalMark } from './amount';

describe('parseOfxAmount', () => {
  const cases: [raw: string, mark: DecimalMark, centavos: bigint][] = [
    ['-35.34', null, -3534n],
    ['-530,86', null, -53086n],
    ['   -560,00', null, -56000n],
    ['13318.36 ', null, 1331836n],
    ['+1500.00', null, 150000n],
    ['-30.0', null, -3000n],
    ['-500.5', null, -50050n],
    ['9', null, 900n],
    ['.50', null, 50n],
    ['-,5', null, -50n],
    ['5.', null, 500n],
    ['-0,00', null, 0n],
    ['+00000000000000.2400', null, 24n],
    ['6000.000,00', ',', 600_000_000n],
    ['-5800.000,00', ',', -580_000_000n],
    ['6.000.000,00', null, 600_000_000n],
    ['1,234,567.89', null, 123_456_789n],
    ['1.234.567', null, 123_456_700n],
    ['-30.000', null, -3000n],
    ['-30.000', '.', -3000n],
    ['-30.000', ',', -3_000_000n],
    ['1,500', null, 150n],
    ['1,500', '.', 150_000n],
    ['0.500', ',', 50n], // "0.500" is never a grouped thousand
    ['-3.77000', null, -377n],
    ['2.675', null, 268n],
    ['-2.675', null, -268n],
    ['0.005', null, 1n],
    ['-0.005', null, -1n],
    ['0.00499', null, 0n],
    ['9999999999999999.99', null, BigInt('9'.repeat(18))],
    // The common shape's one-step reading: blanks (no-break too) around, sign, leading zeros.
    ['\u00a0-12.34\u00a0', null, -1234n],
    ['\t+7,05\r\n', '.', 705n],
    ['-0012.30', ',', -1230n],
    ['- 12.34', null, -1234n],
  ];
  it.each(cases)('%j (file mark %j) → %d centavos', (raw, mark, centavos) => {
    expect(parseOfxAmount(raw, mark)?.centavos).toBe(centavos);
  });

  it('flags rounding and style-based grouping', () => {
    expect(parseOfxAmount('-3.77000')).toMatchObject({ rounded: false, groupedByStyle: false });
    expect(parseOfxAmount('0.1250')).toMatchObject({ centavos: 13n, rounded: true });
    expect(parseOfxAmount('30.000', ',')).toMatchObject({ centavos: 3_000_000n, groupedByStyle: true });
  });

  it.each(['$120', '   .  ', '.', ',', '', '   ', '*snipped*', 'R$ 10,00', '10,00 C', '1.2.3', '1,23.45', '1.234,5,6', '--1', '+-1', '1-', '1e5', '0x10', 'NaN', '١٢', '12345678901234567.00', '1 234,56'])(
    'rejects %j',
    (raw) => {
      expect(parseOfxAmount(raw, null)).toBeNull();
      expect(parseOfxAmount(raw, ',')).toBeNull();
    },
  );
});

describe('decimal style of a file', () => {
  it.each([
    ['-2,48', ','],
    ['6000.000,00', ','],
    ['1,234.56', '.'],
    ['-3.77000', '.'],
    ['-30.0', '.'],
    ['1.234.567', ','],
    ['-30.000', null],
    ['100', null],
    ['$120', null],
  ] as const)('%j proves %j', (raw, mark) => {
    expect(decimalEvidence(raw)).toBe(mark);
  });

  it('is decided only when the amounts agree', () => {
    expect(inferDecimalMark(['-2,48', '6000.000,00', '-152541,14', '46888,75'])).toBe(',');
    expect(inferDecimalMark(['-30.000', '-3.77000'])).toBe('.');
    expect(inferDecimalMark(['-560,00', '0.07'])).toBeNull(); // Santander mixes both marks in one file
    expect(inferDecimalMark(['-30.000'])).toBeNull();
    expect(inferDecimalMark([])).toBeNull();
  });
});
