// OFX date shapes from the fixtures: the business date is the local date written, never shifted.
import { describe, expect, it } from 'vitest';
import { parseOfxDate } from './date';

describe('parseOfxDate', () => {
  it.each([
    ['20240419', '2024-04-19'],
    ['20240419150929', '2024-04-19'],
    ['202404191509', '2024-04-19'],
    ['20241202030000.000', '2024-12-02'],
    ['20250203103752.363', '2025-02-03'],
    ['20160401100000[-03:EST]', '2016-04-01'],
    ['20180309120000[-3:BRT]', '2018-03-09'],
    ['20240323000000[-3:GMT]', '2024-03-23'],
    ['20240323235959[0:GMT]', '2024-03-23'],
    ['20190124212851.000[0:UTC]', '2019-01-24'],
    ['20120731000000.000[-4:EDT]', '2012-07-31'],
    ['20190101000000.000[-08:PST]', '2019-01-01'],
    ['20240419[+5.30:IST]', '2024-04-19'],
    ['20240419120000[-3]', '2024-04-19'],
    ['  20240229  ', '2024-02-29'],
    ['20000229', '2000-02-29'],
    ['20241231', '2024-12-31'],
  ])('%j → %s', (raw, date) => {
    expect(parseOfxDate(raw)).toEqual({ kind: 'date', date });
  });

  it.each([
    ['00000000', 'zero'],
    ['00000000000000', 'zero'],
    ['', 'empty'],
    ['   ', 'empty'],
    [null, 'empty'],
    ['2025025173830[-3:GMT]', 'invalid'], // 13 digits
    ['201120000000', 'invalid'], // month 20
    ['20120231', 'invalid'],
    ['20230229', 'invalid'],
    ['19000229', 'invalid'],
    ['20240431', 'invalid'],
    ['20241301', 'invalid'],
    ['20240400', 'invalid'],
    ['20240419256000', 'invalid'],
    ['2024041912', 'invalid'],
    ['20240419120000XYZ', 'invalid'],
    ['20240419120000[-3:BRT', 'invalid'],
    ['18991231', 'invalid'],
    ['2024-04-19', 'invalid'],
    ['abc', 'invalid'],
    ['2'.repeat(10_000), 'invalid'],
  ] as const)('%j is %s', (raw, kind) => {
    expect(parseOfxDate(raw).kind).toBe(kind);
  });
});
