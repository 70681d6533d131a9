// Property tests: any statement written as OFX (SGML or XML, three charsets, three line endings,
// several amount styles) reads back to the same data; corrupted files never crash the reader.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeOfxBytes, OfxParseError, parseOfx, type OfxDocument, type OfxStatement, type OfxTransaction } from './index';

type Charset = 'utf-8' | 'windows-1252' | 'iso-8859-1';
type AmountStyle = 'dot' | 'comma' | 'mixed' | 'br-grouped' | 'santander';
type Layout = {
  syntax: 'sgml' | 'xml';
  charset: Charset;
  /** UTF-8 bytes under CHARSET:1252, as Nubank and Banco Real write them. */
  utf8Under1252: boolean;
  eol: '\n' | '\r\n' | '\r';
  oneLine: boolean;
  indent: '' | '  ' | '\t';
  closeLeaves: 'never' | 'always' | 'alternate';
  writeEmpty: boolean;
  amountStyle: AmountStyle;
  extraZeros: number;
  plusSign: boolean;
  padAmounts: boolean;
};
type Expected = Omit<OfxTransaction, 'line'> & { timeSuffix: string };
type Statement = Omit<OfxStatement, 'transactions' | 'dateRange'> & { period: { start: string; end: string } | null; transactions: Expected[] };

// Accented letters only for the single-byte charsets: two of them never form valid UTF-8, so the
// "valid UTF-8 wins" rule cannot misread them (a cp1252 "Ã©" would; that trade-off is deliberate).
const LATIN = [...'abcxyzABCXYZ0123456789 .,;:/-*#@()_+=!?"\'&<>', ...'áàâãéêíóôõúüçñÁÀÂÃÉÊÍÓÔÕÚÜÇ'];
const UTF8_ONLY = [...'€—•ºª“”ŸŠ', '😀', '𝄞'];

const text = (chars: string[], maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...chars), maxLength }).map((s) => s.trim() || null);
const code = (maxLength: number) => text([...'ABCdef0123456789-./: '], maxLength);
const isoDate = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
// Up to the product's bound (R$ 999.999.999,99); amounts beyond it are refused, see amount bounds tests.
const centavos = fc.oneof(fc.bigInt(-1_000_000n, 1_000_000n), fc.bigInt(-99_999_999_999n, 99_999_999_999n));

const layoutArb: fc.Arbitrary<Layout> = fc.record({
  syntax: fc.constantFrom('sgml', 'xml'),
  charset: fc.constantFrom('utf-8', 'windows-1252', 'iso-8859-1'),
  utf8Under1252: fc.boolean(),
  eol: fc.constantFrom('\n', '\r\n', '\r'),
  oneLine: fc.boolean(),
  indent: fc.constantFrom('', '  ', '\t'),
  closeLeaves: fc.constantFrom('never', 'always', 'alternate'),
  writeEmpty: fc.boolean(),
  amountStyle: fc.constantFrom('dot', 'comma', 'mixed', 'br-grouped', 'santander'),
  extraZeros: fc.integer({ min: 0, max: 3 }),
  plusSign: fc.boolean(),
  padAmounts: fc.boolean(),
});

const transactionArb = (chars: string[]): fc.Arbitrary<Expected> =>
  fc.record({
    fitId: code(30),
    type: fc.constantFrom('DEBIT', 'CREDIT', 'PAYMENT', 'DEP', 'XFER', 'OTHER', 'POS', 'INT', 'C', 'D', '1', 'debit'),
    postedAt: isoDate,
    timeSuffix: fc.constantFrom('', '120000', '000000', '235959.999', '120000[-3:BRT]', '000000[-03:EST]', '235959.000[0:GMT]', '1200[+5.30:IST]'),
    amount: centavos,
    name: text(chars, 32),
    memo: text(chars, 60),
    checkNum: code(12),
    refNum: code(12),
  });

const statementArb = (chars: string[]): fc.Arbitrary<Statement> =>
  fc
    .record({
      kind: fc.constantFrom('bank', 'creditcard'),
      bankId: code(4),
      branchId: code(6),
      accountId: text([...'0123456789ABCxyz-/ '], 20).filter((s) => s !== null),
      accountType: fc.constantFrom('CHECKING', 'SAVINGS', 'MONEYMRKT', 'CREDITLINE'),
      currency: fc.constantFrom('BRL', 'USD', 'EUR', null),
      balance: fc.option(fc.record({ amount: centavos, asOf: fc.option(isoDate) })),
      period: fc.option(fc.tuple(isoDate, isoDate).map(([a, b]) => (a <= b ? { start: a, end: b } : { start: b, end: a }))),
      transactions: fc.array(transactionArb(chars), { maxLength: 30 }),
    })
    .map((s) => ({
      ...s,
      accountId: s.accountId!,
      kind: s.kind as OfxStatement['kind'],
      bankId: s.kind === 'bank' ? s.bankId : null,
      branchId: s.kind === 'bank' ? s.branchId : null,
      accountType: s.kind === 'bank' ? s.accountType : 'CREDITCARD',
    }));

const fileArb = layoutArb.chain((layout) =>
  fc.record({
    layout: fc.constant(layout),
    statements: fc.array(statementArb(layout.charset === 'utf-8' ? [...LATIN, ...UTF8_ONLY] : LATIN), { minLength: 1, maxLength: 3 }),
  }),
);

/** A small OFX writer for the tests: every quirk the reader must survive, chosen by the layout. */
function writeOfx(statements: Statement[], layout: Layout): Uint8Array {
  const lines: string[] = [];
  let leafCount = 0;
  let amountCount = 0;
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const open = (name: string) => lines.push(`<${name}>`);
  const close = (name: string) => lines.push(`</${name}>`);
  const leaf = (name: string, value: string | null) => {
    if (value === null && !layout.writeEmpty) return;
    const closed = layout.syntax === 'xml' || layout.closeLeaves === 'always' || (layout.closeLeaves === 'alternate' && leafCount++ % 2 === 0);
    if (value === null && layout.syntax === 'xml' && layout.closeLeaves === 'always') return void lines.push(`<${name}/>`);
    lines.push(`<${name}>${escape(value ?? '')}${closed ? `</${name}>` : ''}`);
  };
  const amount = (value: bigint) => {
    const sign = value < 0n ? '-' : layout.plusSign ? '+' : '';
    const digits = (value < 0n ? -value : value).toString().padStart(3, '0');
    const integer = digits.slice(0, -2);
    const cents = digits.slice(-2);
    const zeros = '0'.repeat(layout.extraZeros);
    const body = {
      dot: `${integer}.${cents}${zeros}`,
      comma: `${integer},${cents}${zeros}`,
      mixed: `${integer}${amountCount % 2 === 0 ? '.' : ','}${cents}`,
      'br-grouped': `${integer.replace(/\B(?=(\d{3})+$)/g, '.')},${cents}`,
      santander: `${integer.length > 3 ? `${integer.slice(0, -3)}.${integer.slice(-3)}` : integer},${cents}`,
    }[layout.amountStyle];
    amountCount++;
    return `${layout.padAmounts ? '          ' : ''}${sign}${body}`;
  };
  const date = (value: string) => value.replace(/-/g, '');

  open('OFX');
  open('SIGNONMSGSRSV1');
  open('SONRS');
  open('STATUS');
  leaf('CODE', '0');
  leaf('SEVERITY', 'INFO');
  close('STATUS');
  leaf('DTSERVER', '20240102120000[-3:BRT]');
  leaf('LANGUAGE', 'POR');
  close('SONRS');
  close('SIGNONMSGSRSV1');
  for (const kind of ['bank', 'creditcard'] as const) {
    const group = statements.filter((s) => s.kind === kind);
    if (group.length === 0) continue;
    const [messages, response, body, account] =
      kind === 'bank' ? ['BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS', 'BANKACCTFROM'] : ['CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS', 'CCACCTFROM'];
    open(messages);
    for (const s of group) {
      open(response);
      leaf('TRNUID', '1');
      open(body);
      if (s.currency) leaf('CURDEF', s.currency);
      open(account);
      if (kind === 'bank') {
        leaf('BANKID', s.bankId);
        leaf('BRANCHID', s.branchId);
      }
      leaf('ACCTID', s.accountId);
      if (kind === 'bank') leaf('ACCTTYPE', s.accountType);
      close(account);
      open('BANKTRANLIST');
      if (s.period) {
        leaf('DTSTART', date(s.period.start));
        leaf('DTEND', `${date(s.period.end)}235959[-3:BRT]`);
      }
      for (const t of s.transactions) {
        open('STMTTRN');
        leaf('TRNTYPE', t.type);
        leaf('DTPOSTED', date(t.postedAt) + t.timeSuffix);
        leaf('TRNAMT', amount(t.amount));
        leaf('FITID', t.fitId);
        leaf('CHECKNUM', t.checkNum);
        leaf('REFNUM', t.refNum);
        leaf('NAME', t.name);
        leaf('MEMO', t.memo);
        close('STMTTRN');
      }
      close('BANKTRANLIST');
      if (s.balance) {
        open('LEDGERBAL');
        leaf('BALAMT', amount(s.balance.amount));
        leaf('DTASOF', s.balance.asOf && date(s.balance.asOf));
        close('LEDGERBAL');
      }
      close(body);
      close(response);
    }
    close(messages);
  }
  close('OFX');

  const encodingName = { 'utf-8': 'UTF-8', 'windows-1252': 'windows-1252', 'iso-8859-1': 'ISO-8859-1' }[layout.charset];
  const header =
    layout.syntax === 'xml'
      ? [`<?xml version="1.0" encoding="${encodingName}" standalone="no"?>`, '<?OFX OFXHEADER="200" VERSION="202" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>']
      : [
          'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE',
          ...({
            'utf-8': layout.utf8Under1252 ? ['ENCODING:USASCII', 'CHARSET:1252'] : ['ENCODING:UTF-8', 'CHARSET:NONE'],
            'windows-1252': ['ENCODING:USASCII', 'CHARSET:1252'],
            'iso-8859-1': ['ENCODING:USASCII', layout.utf8Under1252 ? 'CHARSET:8859-1' : 'CHARSET:ISO-8859-1'],
          }[layout.charset]),
          'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '',
        ];
  const body = layout.oneLine ? lines.join('') : lines.map((line) => layout.indent + line).join(layout.eol);
  const textOut = [...header, body].join(layout.eol) + layout.eol;
  return new Uint8Array(iconv.encode(textOut, { 'utf-8': 'utf8', 'windows-1252': 'win1252', 'iso-8859-1': 'latin1' }[layout.charset]));
}

function expectedStatement(s: Statement): OfxStatement {
  const transactions = s.transactions.map(({ timeSuffix: _, ...t }) => ({ ...t, type: t.type.toUpperCase(), line: expect.any(Number) as number }));
  const posted = s.transactions.map((t) => t.postedAt).sort();
  return {
    kind: s.kind,
    bankId: s.bankId,
    branchId: s.branchId,
    accountId: s.accountId,
    accountType: s.accountType,
    currency: s.currency,
    balance: s.balance,
    dateRange: s.period ?? { start: posted[0] ?? null, end: posted.at(-1) ?? null },
    transactions,
  };
}

describe('OFX round trip (property)', () => {
  it('reads back every generated statement, whatever the syntax, charset, line ending and amount style', () => {
    fc.assert(
      fc.property(fileArb, ({ layout, statements }) => {
        const bytes = writeOfx(statements, layout);
        const doc = parseOfx(bytes);
        const ordered = [...statements.filter((s) => s.kind === 'bank'), ...statements.filter((s) => s.kind === 'creditcard')];
        expect(doc.version).toBe(layout.syntax === 'xml' ? 2 : 1);
        expect(doc.statements).toEqual(ordered.map(expectedStatement));
        if (bytes.some((b) => b >= 0x80)) expect(doc.charset).toBe(layout.charset);
        const lines = decodeOfxBytes(bytes).split(/\r\n|\r|\n/);
        for (const t of doc.statements.flatMap((s) => s.transactions)) expect(lines[t.line - 1]).toContain('<STMTTRN>');
      }),
      { numRuns: 300 },
    );
  });
});

const FIXTURES = new URL('../../../shared/fixtures/ofx/', import.meta.url);
const fixtureBytes = readdirSync(FIXTURES)
  .filter((f) => /\.(ofx|qfx)$/.test(f) && !f.startsWith('inter-') && !f.startsWith('nubank-creditcard-dup'))
  .map((f) => new Uint8Array(readFileSync(new URL(f, FIXTURES))));

const INTERESTING = ['<', '>', '</', '&', '&#', '&amp;', '\u0000', '<STMTTRN>', '</STMTTRN>', '</BANKTRANLIST>', '<![CDATA[', '<!--', '<?', '\r', '\n', '-', ',', '.', '00000000'].map(
  (s) => new Uint8Array(Buffer.from(s, 'latin1')),
);

type Mutation =
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'delete'; at: number; length: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.oneof(fc.constantFrom(...INTERESTING), fc.uint8Array({ minLength: 1, maxLength: 8 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
);

function mutate(bytes: Uint8Array, mutations: Mutation[]): Uint8Array {
  let out = bytes;
  for (const m of mutations) {
    const at = out.length === 0 ? 0 : m.at % (out.length + 1);
    if (m.kind === 'flip' && out.length > 0) out = Uint8Array.from(out, (b, i) => (i === at % out.length ? m.byte : b));
    else if (m.kind === 'truncate') out = out.slice(0, at);
    else if (m.kind === 'insert') out = new Uint8Array([...out.subarray(0, at), ...m.bytes, ...out.subarray(at)]);
    else if (m.kind === 'delete') out = new Uint8Array([...out.subarray(0, at), ...out.subarray(at + m.length)]);
  }
  return out;
}

function settle(bytes: Uint8Array): OfxDocument | OfxParseError {
  try {
    return parseOfx(bytes);
  } catch (error) {
    if (error instanceof OfxParseError) return error;
    throw error;
  }
}

describe('OFX corruption (property)', () => {
  const seeds = fc.oneof(
    fc.constantFrom(...fixtureBytes),
    fileArb.map(({ layout, statements }) => writeOfx(statements, layout)),
  );

  it('parses or throws OfxParseError, never anything else, in bounded time', () => {
    fc.assert(
      fc.property(seeds, fc.array(mutationArb, { minLength: 1, maxLength: 6 }), (seed, mutations) => {
        const bytes = mutate(seed, mutations);
        const started = performance.now();
        const result = settle(bytes);
        expect(performance.now() - started).toBeLessThan(1_000);
        if (result instanceof OfxParseError) {
          expect(result.message.length).toBeGreaterThan(0);
          expect(result.line === null || (Number.isInteger(result.line) && result.line >= 1)).toBe(true);
        } else {
          expect(result.statements.length).toBeGreaterThan(0);
          for (const t of result.statements.flatMap((s) => s.transactions)) {
            expect(typeof t.amount).toBe('bigint');
            expect(t.postedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('settles fast on long repetitions of OFX-like fragments (no quadratic path)', () => {
    const pieces = ['<', '>', '/', '?', '!', '-', '[', ']', '&', '#', ';', ':', '=', '"', ' ', '\t', '\n', '\r', 'A', '1', '.', ',', 'OFX', 'OFXHEADER:100', 'VERSION', 'xml', 'STMTTRN', 'STMTRS', 'BANKTRANLIST', 'TRNAMT', 'DTPOSTED', 'ACCTID', 'CDATA', 'SALDO', '\u00e7'];
    const prefixes = ['', '<OFX>', 'OFXHEADER:100\nVERSION:102\n<OFX>', '<?xml version="1.0"?><?OFX VERSION="202"?><OFX>'];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 40_000 }), fc.constantFrom('', '<OFX></OFX>'), (prefix, snippet, times, suffix) => {
        const unit = snippet.join('');
        const input = prefix + unit.repeat(Math.min(times, Math.floor(100_000 / unit.length))) + suffix;
        const started = performance.now();
        expect(() => settle(new Uint8Array(Buffer.from(input, 'utf8')))).not.toThrow();
        expect(performance.now() - started).toBeLessThan(2_000);
      }),
      { numRuns: 200 },
    );
  });

  it('never crashes on arbitrary bytes or arbitrary text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 2_000 }), fc.string({ unit: 'binary', maxLength: 2_000 }).map((s) => new Uint8Array(Buffer.from(s, 'utf8')))), (bytes) => {
        expect(() => settle(bytes)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
