// parseOfx on hand-written files: structure quirks, malformed input and the policies around them.
import { describe, expect, it } from 'vitest';
import { OfxParseError, parseOfx, type OfxDocument } from './index';
import { MAX_OFX_BYTES } from './parse';

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n';
const ACCOUNT = '<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>56789-0\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n';
const bank = (list: string, afterList = '') =>
  `${HEADER}<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n${ACCOUNT}<BANKTRANLIST>\n${list}</BANKTRANLIST>\n${afterList}</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
const row = (fields: string) => `<STMTTRN>\n${fields}\n</STMTTRN>\n`;
const GOOD = '<TRNTYPE>DEBIT\n<DTPOSTED>20240102\n<TRNAMT>-1.00\n<FITID>1';

function rejection(input: string | Uint8Array): OfxParseError {
  try {
    parseOfx(input);
  } catch (error) {
    expect(error).toBeInstanceOf(OfxParseError);
    return error as OfxParseError;
  }
  throw new Error('esperava OfxParseError');
}

const warned = (doc: OfxDocument, pattern: RegExp) => expect(doc.warnings.some((w) => pattern.test(w)), doc.warnings.join('\n')).toBe(true);

describe('parseOfx: structure', () => {
  it('reads a minimal SGML statement with every transaction field', () => {
    const doc = parseOfx(bank(row('<TRNTYPE>debit\n<DTPOSTED>20240102100000[-3:BRT]\n<TRNAMT>-1.50\n<FITID>  A1  \n<CHECKNUM>77\n<REFNUM>R-9\n<NAME>Padaria\n<MEMO>Pão &amp; café')));
    expect(doc).toMatchObject({ version: 1, charset: 'windows-1252', warnings: [] });
    expect(doc.statements).toEqual([
      {
        kind: 'bank',
        bankId: '0341',
        branchId: '1234',
        accountId: '56789-0',
        accountType: 'CHECKING',
        currency: 'BRL',
        balance: null,
        dateRange: { start: '2024-01-02', end: '2024-01-02' },
        transactions: [
          { fitId: 'A1', type: 'DEBIT', postedAt: '2024-01-02', amount: -150n, name: 'Padaria', memo: 'Pão & café', checkNum: '77', refNum: 'R-9', line: 23 },
        ],
      },
    ]);
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR only', '\r'],
  ])('counts lines the same with %s line endings', (_, eol) => {
    const doc = parseOfx(bank(row(GOOD) + row(GOOD)).replace(/\n/g, eol));
    expect(doc.statements[0].transactions.map((t) => t.line)).toEqual([23, 29]);
  });

  // Two breaks each (a CR before a CRLF; a LF, then a CR that pairs with the next LF when one follows).
  it.each([
    ['CR then CRLF', '\r\r\n', [45, 57]],
    ['LF then CR', '\n\r', [44, 56]],
  ])('counts lines with %s line endings', (_, eol, lines) => {
    const doc = parseOfx(bank(row(GOOD) + row(GOOD)).replace(/\n/g, eol));
    expect(doc.statements[0].transactions.map((t) => t.line)).toEqual(lines);
  });

  it('reads several elements per line, leading blank lines and a BOM in string input', () => {
    const text = `\uFEFF\n\n${HEADER}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240102<TRNAMT>5</STMTTRN><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240103</DTPOSTED><TRNAMT>-5</TRNAMT></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const [s] = parseOfx(text).statements;
    expect(s.transactions.map((t) => [t.amount, t.line, t.fitId])).toEqual([
      [500n, 13, null],
      [-500n, 13, null],
    ]);
  });

  it('accepts a body with no header at all', () => {
    const doc = parseOfx(bank(row(GOOD)).slice(HEADER.length));
    expect(doc.version).toBe(1);
    expect(doc.statements[0].transactions).toHaveLength(1);
    warned(doc, /sem cabeçalho OFX/);
  });

  it('reads OFX 2 XML with self-closing tags, character references and CDATA', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE"?>\n<!-- exported -->\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>2</ACCTID><ACCTTYPE>SAVINGS</ACCTTYPE></BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240102</DTPOSTED><TRNAMT>1.00</TRNAMT><FITID/><NAME>Ar&#231;&#xE3;o &lt;x&gt; &quot;q&quot; &apos;a&apos; &unknown; &#0;</NAME><MEMO><![CDATA[a & b <c>]]></MEMO></STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT/><DTASOF>20240102</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const doc = parseOfx(xml);
    expect(doc).toMatchObject({ version: 2, charset: 'utf-8' });
    expect(doc.statements[0].transactions[0]).toMatchObject({ fitId: null, name: 'Arção <x> "q" \'a\' &unknown; &#0;', memo: 'a & b <c>' });
    expect(doc.statements[0].balance).toBeNull();
  });

  it('reads credit-card statements and several statements in document order', () => {
    const card = `<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>BRL<CCACCTFROM><ACCTID>card-1</CCACCTFROM>${row(GOOD)}<LEDGERBAL><BALAMT>-10,00<DTASOF>20240131</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>`;
    const doc = parseOfx(bank(row(GOOD)).replace('</OFX>', `${card}</OFX>`));
    expect(doc.statements.map((s) => [s.kind, s.accountId, s.accountType, s.bankId, s.transactions.length])).toEqual([
      ['bank', '56789-0', 'CHECKING', '0341', 1],
      ['creditcard', 'card-1', 'CREDITCARD', null, 1],
    ]);
    expect(doc.statements[1].balance).toEqual({ amount: -1000n, asOf: '2024-01-31' });
  });

  it('reads the cash rows of an investment statement and ignores securities, with a warning', () => {
    const inv = `${HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>BRL<INVACCTFROM><BROKERID>xp.com<ACCTID>9</INVACCTFROM><INVTRANLIST><DTSTART>20240101<DTEND>20240131<BUYSTOCK><INVBUY><INVTRAN><FITID>b1<DTTRADE>20240105</INVTRAN><TOTAL>-100.00</INVBUY></BUYSTOCK><INVBANKTRAN><STMTTRN>${GOOD}</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN></INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`;
    const doc = parseOfx(inv);
    expect(doc.statements).toMatchObject([{ kind: 'bank', accountType: 'INVESTMENT', bankId: 'xp.com', accountId: '9', dateRange: { start: '2024-01-01', end: '2024-01-31' } }]);
    expect(doc.statements[0].transactions).toHaveLength(1);
    warned(doc, /1 operação\(ões\) com títulos ignorada/);
  });

  it('closes an unclosed <BANKTRANLIST> or <STMTTRN> when the structure shows where it ended', () => {
    const doc = parseOfx(bank(`<STMTTRN>\n${GOOD}\n<STMTTRN>\n${GOOD}\n`, '<LEDGERBAL>\n<BALAMT>10\n<DTASOF>20240102\n</LEDGERBAL>\n').replace('</BANKTRANLIST>\n', ''));
    expect(doc.statements[0].transactions).toHaveLength(2);
    expect(doc.statements[0].balance).toEqual({ amount: 1000n, asOf: '2024-01-02' });
    warned(doc, /<STMTTRN> sem <\/STMTTRN>; fechado implicitamente/);
    warned(doc, /<BANKTRANLIST> sem <\/BANKTRANLIST>/);
  });

  it('ignores closing tags that close nothing, with a warning', () => {
    const doc = parseOfx(bank(row(GOOD + '\n</NAME>\n</FOO>')));
    expect(doc.statements[0].transactions).toHaveLength(1);
    warned(doc, /<\/FOO> sem abertura correspondente/);
  });

  it('types a row without <TRNTYPE> as OTHER, with a warning', () => {
    const doc = parseOfx(bank(row('<DTPOSTED>20240102\n<TRNAMT>1')));
    expect(doc.statements[0].transactions[0].type).toBe('OTHER');
    warned(doc, /sem <TRNTYPE>/);
  });
});

describe('parseOfx: header dates, period and balance', () => {
  it('turns bad header dates into null with warnings and derives the period from the rows', () => {
    const list = '<DTSTART>00000000\n<DTEND>20240231\n' + row(GOOD.replace('20240102', '20240110')) + row(GOOD.replace('20240102', '20240105'));
    const doc = parseOfx(bank(list, '<LEDGERBAL>\n<BALAMT>abc\n<DTASOF>20240110\n</LEDGERBAL>\n').replace('<BANKMSGSRSV1>', '<SIGNONMSGSRSV1><SONRS><DTSERVER>2024</SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1>'));
    expect(doc.statements[0].dateRange).toEqual({ start: '2024-01-05', end: '2024-01-10' });
    expect(doc.statements[0].balance).toBeNull();
    warned(doc, /data zerada "00000000" em <DTSTART>/);
    warned(doc, /data inválida "20240231" em <DTEND>/);
    warned(doc, /data inválida "2024" em <DTSERVER>/);
    warned(doc, /valor inválido "abc" em <BALAMT>; saldo ignorado/);
  });

  it('swaps an inverted period and reports rows outside it', () => {
    const doc = parseOfx(bank('<DTSTART>20240131\n<DTEND>20240101\n' + row(GOOD.replace('20240102', '20240201'))));
    expect(doc.statements[0].dateRange).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    warned(doc, /período do extrato invertido/);
    warned(doc, /1 transação\(ões\) com data fora do período/);
  });

  it('reads "N.NNN" as thousands when the file writes decimals with a comma, and says so', () => {
    const doc = parseOfx(bank(row(GOOD.replace('-1.00', '-30.000')) + row(GOOD.replace('-1.00', '-2,48'))));
    expect(doc.statements[0].transactions.map((t) => t.amount)).toEqual([-3_000_000n, -248n]);
    warned(doc, /1 valor\(es\) como "30.000" .* lido\(s\) como milhar.*\(linha 26\)/);
  });

  it('rounds extra decimals half away from zero and says so', () => {
    const doc = parseOfx(bank(row(GOOD.replace('-1.00', '-1.005'))));
    expect(doc.statements[0].transactions[0].amount).toBe(-101n);
    warned(doc, /arredondado/);
  });
});

describe('parseOfx: balance rows without a value (Caixa "SALDO DIA")', () => {
  it('skips a SALDO row whose amount has no digit, with a warning naming its line', () => {
    const doc = parseOfx(bank(row('<TRNTYPE>CREDIT\n<DTPOSTED>20240102\n<TRNAMT>   .  \n<FITID>0\n<MEMO>SALDO DIA') + row(GOOD)));
    expect(doc.statements[0].transactions.map((t) => t.fitId)).toEqual(['1']);
    warned(doc, /^Linha 23: linha de saldo "SALDO DIA"/);
  });

  it('reports many skipped SALDO rows in one warning', () => {
    const saldo = (day: string) => row(`<TRNTYPE>CREDIT\n<DTPOSTED>202401${day}\n<TRNAMT>\n<MEMO>SALDO DIA`);
    const doc = parseOfx(bank(['01', '02', '03', '04', '05', '06'].map(saldo).join('') + row(GOOD)));
    expect(doc.statements[0].transactions).toHaveLength(1);
    expect(doc.warnings).toContain('6 linhas de saldo (ex.: "SALDO DIA") sem valor numérico em <TRNAMT> ignoradas (linhas 23, 29, 35, 41, 47, …); não são transações.');
  });

  it('keeps a SALDO row that does carry an amount', () => {
    const doc = parseOfx(bank(row('<TRNTYPE>OTHER\n<DTPOSTED>20240102\n<TRNAMT>0.00\n<MEMO>SALDO ANTERIOR')));
    expect(doc.statements[0].transactions).toHaveLength(1);
  });

  it('rejects a digitless amount on a row that is not a balance line', () => {
    expect(rejection(bank(row('<TRNTYPE>CREDIT\n<DTPOSTED>20240102\n<TRNAMT>   .  \n<MEMO>PIX RECEBIDO'))).message).toBe('Linha 26: valor inválido "." em <TRNAMT>');
  });
});

describe('parseOfx: rejected files', () => {
  it.each([
    ['an invalid amount', row('<TRNTYPE>DEBIT\n<DTPOSTED>20240102\n<TRNAMT>$120'), 'Linha 26: valor inválido "$120" em <TRNAMT>', 26],
    ['an empty amount', row('<TRNTYPE>DEBIT\n<DTPOSTED>20240102\n<TRNAMT></TRNAMT>'), 'Linha 26: valor vazio em <TRNAMT>', 26],
    ['a missing amount', row('<TRNTYPE>DEBIT\n<DTPOSTED>20240102'), 'Linha 23: <STMTTRN> sem <TRNAMT>', 23],
    ['a zero posting date', row('<TRNTYPE>DEBIT\n<DTPOSTED>00000000\n<TRNAMT>1'), 'Linha 25: data inválida "00000000" em <DTPOSTED>', 25],
    ['a hollow row', '<STMTTRN>\n*snipped*\n</STMTTRN>\n', 'Linha 23: <STMTTRN> sem <DTPOSTED> e <TRNAMT>', 23],
  ])('with %s', (_, list, message, line) => {
    const error = rejection(bank(list));
    expect(error.message).toBe(message);
    expect(error.line).toBe(line);
  });

  it('lists the first three problems and counts the rest', () => {
    const bad = row('<TRNTYPE>DEBIT\n<DTPOSTED>20240102\n<TRNAMT>x');
    expect(rejection(bank(bad.repeat(5))).message).toMatch(/^Linha 26: .*; Linha 31: .*; Linha 36: .*; e mais 2 problema\(s\)$/);
  });

  it.each([
    ['empty input', '', /vazio/, null],
    ['blank input', ' \n\r\n ', /vazio/, null],
    ['a PDF', '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>', /não é um extrato OFX/, null],
    ['a CSV export', 'data;valor\n02/01/2024;-1,00\n', /não é um extrato OFX/, null],
    ['an OFX with no statement', `${HEADER}<OFX><SIGNONMSGSRSV1><SONRS><DTSERVER>20240102</SONRS></SIGNONMSGSRSV1></OFX>`, /Nenhum extrato encontrado/, null],
    ['header VERSION:200 in SGML', HEADER.replace('VERSION:102', 'VERSION:200') + '<OFX></OFX>', /versão de OFX não suportada \(VERSION "200"\)/, 3],
    ['XML VERSION="102"', '<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="102"?>\n<OFX></OFX>', /versão de OFX não suportada/, 2],
    ['a NUL byte in the body', bank(row(GOOD)).replace('Padaria', '').replace('<TRNAMT>', '<TRNAMT>\u0000'), /^Linha 26: o arquivo contém bytes nulos/, 26],
    ['a statement without account id', bank(row(GOOD)).replace('<ACCTID>56789-0\n', ''), /^Linha 16: <BANKACCTFROM> sem <ACCTID>/, 16],
    ['a statement without account aggregate', bank(row(GOOD)).replace(/<BANKACCTFROM>[^]*<\/BANKACCTFROM>\n/, ''), /^Linha 14: <STMTRS> sem <BANKACCTFROM>/, 14],
    ['excessive nesting', `${HEADER}<OFX>${'<A><B>x</B>'.repeat(100)}`, /aninhada demais/, 11],
  ])('rejects %s', (_, input, message, line) => {
    const error = rejection(input);
    expect(error.message).toMatch(message);
    expect(error.line).toBe(line);
  });

  it.each([
    ['inside a transaction', (text: string) => text.slice(0, text.indexOf('<TRNAMT>')), /^Arquivo OFX truncado: <STMTTRN> aberto na linha 23 não foi fechado\.$/],
    ['inside a value', (text: string) => text.slice(0, text.indexOf('1\n</STMTTRN>')), /<STMTTRN> aberto na linha 23/],
    ['after the last transaction', (text: string) => text.slice(0, text.indexOf('</BANKTRANLIST>')), /<BANKTRANLIST> aberto na linha 22/],
    ['before </OFX>', (text: string) => text.slice(0, text.indexOf('</OFX>')), /<OFX> aberto na linha 11/],
  ])('rejects a file truncated %s', (_, cut, message) => {
    expect(rejection(cut(bank(row(GOOD)))).message).toMatch(message);
  });

  it('rejects input that is not text or bytes, and oversized input, with OfxParseError', () => {
    expect(rejection(42 as unknown as string).message).toMatch(/ausente/);
    expect(rejection(new Uint8Array(MAX_OFX_BYTES + 1)).message).toMatch(/grande demais/);
  });
});

describe('parseOfx: bounded work on hostile input', () => {
  it.each([
    ['many "<"', '<OFX>' + '<'.repeat(2_000_000)],
    ['many unterminated tags', '<OFX>' + '<A '.repeat(500_000)],
    ['many unterminated comments', '<OFX>' + '<!--'.repeat(500_000)],
    ['many ampersands', `${HEADER}<OFX><STMTRS><MEMO>${'&#'.repeat(500_000)}</OFX>`],
    ['many unknown open tags', `${HEADER}<OFX>${'<X>'.repeat(300_000)}</OFX>`],
    ['many stray closing tags', `${HEADER}<OFX>${'</X>'.repeat(300_000)}</OFX>`],
    ['a huge header', 'OFXHEADER:100 '.repeat(200_000) + '<OFX></OFX>'],
    ['a long junk line before <OFX>', 'A1'.repeat(30_000) + '<OFX></OFX>'],
    ['a long XML declaration', `<?xml ${'a'.repeat(60_000)}<OFX></OFX>`],
    ['a long processing-instruction name', `<?${'a'.repeat(60_000)}<OFX></OFX>`],
    ['a long attribute soup', `<?xml ${'a='.repeat(1_000)}?><?OFX ${'b '.repeat(1_000)}?><OFX></OFX>`],
    ['a huge value', `${HEADER}<OFX><STMTRS><BANKACCTFROM><ACCTID>${'9'.repeat(3_000_000)}</OFX>`],
  ])('%s: settles fast, with a document or an OfxParseError', (_, input) => {
    const started = performance.now();
    try {
      parseOfx(input);
    } catch (error) {
      expect(error).toBeInstanceOf(OfxParseError);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
