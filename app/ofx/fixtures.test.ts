// Every real-world file in /work/shared/fixtures/ofx, with the counts SOURCES.md gives and the quirks each one carries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OfxParseError, parseOfx, type OfxDocument, type OfxStatement } from './index';

const FIXTURES = new URL('../../../shared/fixtures/ofx/', import.meta.url);

type Accepted = { accounts: [accountId: string, transactions: number][]; check?: (doc: OfxDocument) => void };
type Rejected = { rejects: RegExp; line: number | null };

const load = (file: string) => new Uint8Array(readFileSync(new URL(file, FIXTURES)));
const memos = (s: OfxStatement) => s.transactions.map((t) => t.memo);
const amounts = (s: OfxStatement) => s.transactions.map((t) => t.amount);
const distinctFitIds = (s: OfxStatement) => new Set(s.transactions.map((t) => t.fitId)).size;
const warned = (doc: OfxDocument, pattern: RegExp) => expect(doc.warnings.some((w) => pattern.test(w)), doc.warnings.join('\n')).toBe(true);

const expectations: Record<string, Accepted | Rejected> = {
  'bancoreal-checking-utf8-declared-1252.ofx': {
    accounts: [['03227113109', 36]],
    check(doc) {
      expect(doc.charset).toBe('utf-8');
      expect(memos(doc.statements[0])).toContain('TÍTULO COBRANÇA-IB');
      expect(memos(doc.statements[0])).toContain('CONTA ÁGUA/ESGOTO');
      const closed = doc.statements[0].transactions.find((t) => t.fitId === '200910191148400')!;
      expect(closed).toMatchObject({ type: 'OTHER', postedAt: '2009-10-19', amount: -14840n, refNum: '101.901', checkNum: '000000101901' });
      expect(closed.name).toBe('Pagto conta telefone'); // <PAYEE> written as a leaf
    },
  },
  'bb-checking-cp1252-crlf-two-stmtrs.ofx': {
    accounts: [['455000-5', 0], ['655000-2', 36]],
    check(doc) {
      expect(doc.charset).toBe('windows-1252');
      const [first, second] = doc.statements;
      expect(first).toMatchObject({ bankId: '001', transactions: [] });
      expect(memos(second)).toContain('TRANSFERÊNCIA AGENDADA');
      expect(second.transactions.every((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.postedAt))).toBe(true);
      expect(new Set(second.transactions.map((t) => t.type))).toEqual(new Set(['DEP', 'DEBIT', 'XFER']));
      expect(amounts(second)).toContain(1331836n); // "13318.36 " with a trailing space
    },
  },
  'bb-checking-cr-header-dup-txn.ofx': {
    accounts: [['54321-9', 7]],
    check(doc) {
      const [s] = doc.statements;
      expect(s).toMatchObject({ bankId: '1', branchId: '1234-1' });
      expect(distinctFitIds(s)).toBe(6);
      expect(s.transactions.map((t) => t.line)).toEqual([44, 53, 62, 71, 80, 89, 98]); // bare-CR header lines count as lines
      expect(s.transactions.at(-1)).toEqual({ ...s.transactions.at(-2)!, line: 98 });
      expect(memos(s)).toContain('Cobrança de I.O.F.');
    },
  },
  'bb-checking-replacement-char-mojibake.ofx': {
    accounts: [['00000-0', 2]],
    check(doc) {
      expect(memos(doc.statements[0]).some((m) => m?.includes('Cr\ufffddito'))).toBe(true);
      expect(distinctFitIds(doc.statements[0])).toBe(1);
      warned(doc, /caracteres ilegíveis/);
    },
  },
  'bb-savings-poupanca.ofx': {
    accounts: [['11111-4/1', 2]],
    check(doc) {
      expect(doc.statements[0].accountType).toBe('SAVINGS');
      expect(doc.statements[0].transactions.map((t) => t.type)).toEqual(['POS', 'POS']);
    },
  },
  'bradesco-checking-comma-decimal-leading-blank.ofx': {
    accounts: [['34545', 6]],
    check(doc) {
      const [s] = doc.statements;
      expect(amounts(s)).toEqual([-53086n, -57630n, -53433n, -25080n, -22572n, -4880n]);
      expect(s.balance).toEqual({ amount: 0n, asOf: null });
      warned(doc, /data zerada "00000000000000" em <DTSERVER>/);
      warned(doc, /data zerada "00000000" em <DTASOF>/);
    },
  },
  'bradesco-checking-fitid-with-spaces.ofx': {
    accounts: [['2713/8862', 6]],
    check(doc) {
      expect(doc.statements[0].transactions[0].fitId).toBe('N1002C:05/10/16:0.01:0506896: Rendimentos: Poup Facil-depos a Partir 4/5/12');
    },
  },
  'caixa-checking-inverted-period-millis.ofx': {
    accounts: [['0005779806116', 33]],
    check(doc) {
      const [s] = doc.statements;
      expect(s.dateRange).toEqual({ start: '2024-12-01', end: '2024-12-31' });
      warned(doc, /período do extrato invertido/);
      expect(s.transactions[0].postedAt).toBe('2024-12-02'); // "20241202030000.000"
      expect(s.transactions.some((t) => t.postedAt.startsWith('2025-01'))).toBe(true);
      expect(distinctFitIds(s)).toBe(30);
      expect(s.transactions.every((t) => t.memo === null && t.name !== null)).toBe(true);
    },
  },
  'caixa-checking-ofx202-xml-trntype-cd.ofx': {
    accounts: [['000002170', 3]],
    check(doc) {
      expect(doc.version).toBe(2);
      expect(doc.statements[0].bankId).toBe('104');
      expect(doc.statements[0].transactions.map((t) => t.type).sort()).toEqual(['C', 'D', 'D']);
    },
  },
  'caixa-malformed-decimal.ofx': {
    accounts: [['0000000000001', 0]],
    check(doc) {
      // Decision (statements.ts): a digitless "SALDO" balance row is skipped with a warning, not imported and not fatal.
      warned(doc, /^Linha 39: linha de saldo "SALDO DIA" sem valor numérico/);
      expect(doc.statements[0].balance).toEqual({ amount: 0n, asOf: '2022-04-12' });
    },
  },
  'gerencianet-checking-bankid-gnt.ofx': {
    accounts: [['1459950-11', 18]],
    check(doc) {
      expect(doc.statements[0].bankId).toBe('gnt');
    },
  },
  'gerencianet-empty-banktranlists-bank-and-cc.ofx': {
    accounts: [['1459950-11', 0], ['123412341234', 0]],
    check(doc) {
      expect(doc.statements.map((s) => s.kind)).toEqual(['bank', 'creditcard']);
      expect(doc.statements[0].balance).toEqual({ amount: 63550n, asOf: '2018-04-29' });
      expect(doc.statements[1].dateRange).toEqual({ start: '2005-08-01', end: '2005-08-31' });
    },
  },
  'gerencianet-torture-comma-mixed-tags-plus-cc.ofx': {
    accounts: [['1459950-11', 18], ['123412341234', 2]],
    check(doc) {
      const [bank, card] = doc.statements;
      expect(card).toMatchObject({ kind: 'creditcard', currency: 'USD', accountType: 'CREDITCARD' });
      expect(amounts(bank).slice(0, 4)).toEqual([7440n, -334n, 7440n, -334n]); // "74,40", "-3,34", "74,40", "-3.34"
      expect(bank.transactions.map((t) => t.type)).toContain('1');
      expect(memos(bank)).toContain('Repasse pagamento: 29384993 de ZZZZZZZZZZ'); // unclosed <MEMO> right before </STMTTRN>
      expect(memos(bank)).toContain('Tarifa repasse: 28108174, de Ciclano da Silva "test"');
      expect(memos(bank)).toContain('\\Tarifa repasse: 30830691 de \\\\Ti\\ago');
      expect(bank.dateRange).toEqual({ start: '2018-01-30', end: '2018-04-29' }); // DTSTART/DTEND after the rows
    },
  },
  'inter-checking-dup-fitid-cp1252.ofx': {
    accounts: [['22222677', 731]],
    check(doc) {
      const [s] = doc.statements;
      expect(distinctFitIds(s)).toBe(178);
      expect(memos(s)).toContain('APLIC. POUPANÇA -');
      expect(new Set(s.transactions.map((t) => t.type))).toEqual(new Set(['PAYMENT', 'CREDIT']));
      expect(amounts(s)).toContain(-3000n); // "-30.0"
      expect(s.balance?.amount).toBe(747n); // "7,47"
    },
  },
  'investment-fidelity-invstmtrs-oneline.ofx': {
    accounts: [['01234567890', 3]],
    check(doc) {
      // Decision (statements.ts): only the cash rows (<INVBANKTRAN>) are read, as a bank statement, with a warning.
      const [s] = doc.statements;
      expect(s).toMatchObject({ kind: 'bank', accountType: 'INVESTMENT', bankId: 'fidelity.com', currency: 'USD', balance: null });
      expect(amounts(s)).toEqual([24n, -97n, 16n]); // "+00000000000000.2400"
      expect(s.transactions[0]).toMatchObject({ type: 'DEP', postedAt: '2012-07-31', name: 'INTEREST EARNED' });
      warned(doc, /<INVSTMTRS>.*14 operação\(ões\) com títulos ignorada/);
    },
  },
  'itau-checking-cp1252-accents.ofx': {
    accounts: [['0061078192', 21]],
    check(doc) {
      expect(doc.charset).toBe('windows-1252');
      expect(memos(doc.statements[0])).toContain('DA  NET SERVIÇOS 9645199');
      expect(doc.statements[0].bankId).toBe('0341');
    },
  },
  'itau-checking-empty-balamt.ofx': {
    accounts: [['3037198326', 5]],
    check(doc) {
      expect(doc.statements[0].balance).toBeNull();
      warned(doc, /<BALAMT>; saldo ignorado/);
      expect(doc.statements[0].dateRange).toEqual({ start: '2019-09-18', end: '2019-09-23' });
    },
  },
  'itau-checking-sgml-est-tz.ofx': {
    accounts: [['2000645552', 35]],
    check(doc) {
      const [s] = doc.statements;
      expect(s.transactions.every((t) => t.checkNum === t.fitId)).toBe(true);
      expect(memos(s)).toContain('IOF'); // right-padded "IOF                     "
      expect(s.transactions[0].postedAt).toBe('2016-04-01');
    },
  },
  'itau-checking-utf8-bytes-declared-1252.ofx': {
    accounts: [['9999999999', 1]],
    check(doc) {
      expect(doc.charset).toBe('utf-8');
      expect(doc.statements[0].transactions[0].memo).toBe('ççççåADáéñ');
      warned(doc, /declara CHARSET:1252, mas o conteúdo é UTF-8/);
    },
  },
  'malformed-dollar-amount-bad-date.ofx': { rejects: /^Linha 36: data inválida "201120000000" em <DTPOSTED>; Linha 37: valor inválido "\$120" em <TRNAMT>$/, line: 36 },
  'malformed-fuzz-nul-byte-header.ofx': { rejects: /^Linha 1: o arquivo contém bytes nulos/, line: 1 },
  'malformed-fuzz-truncated-stmttrn.ofx': { rejects: /^Arquivo OFX truncado: <STMTTRN> aberto na linha 7 não foi fechado\.$/, line: 7 },
  'malformed-header-version-300.ofx': { rejects: /^Linha 5: versão de OFX não suportada \(VERSION "300"\)/, line: 5 },
  'malformed-missing-and-invalid-dtposted.ofx': {
    rejects: /^Linha 33: <STMTTRN> sem <DTPOSTED>; Linha 42: data vazia em <DTPOSTED>; Linha 50: data inválida "20120231" em <DTPOSTED>$/,
    line: 33,
  },
  'multi-account-ofx200-xml.ofx': {
    accounts: [['54658222458596', 0], ['546582659855', 2], ['21252344525548', 1]],
    check(doc) {
      expect(doc.version).toBe(2);
      expect(doc.statements[1].transactions[0]).toMatchObject({ fitId: '+201407170000001', type: 'PAYMENT', amount: -398n, postedAt: '2014-07-17' });
    },
  },
  'multi-account-utf8-bom-crlf.ofx': {
    accounts: [
      ['1111111111', 3], ['2222222222', 2], ['3333333333', 2], ['4444444444', 3],
      ['5555555555555555', 2], ['6666666666', 3], ['7777777777', 0],
    ],
    check(doc) {
      expect(doc.charset).toBe('utf-8');
      expect(doc.statements.map((s) => s.accountType)).toContain('CREDITLINE');
      expect(doc.statements[0].transactions[0].line).toBe(45);
    },
  },
  'nubank-checking-utf8-charset-none.ofx': {
    accounts: [['68856168-8', 101]],
    check(doc) {
      expect(doc.charset).toBe('utf-8');
      expect(doc.statements[0]).toMatchObject({ kind: 'bank', bankId: '0260', branchId: '1' });
      expect(memos(doc.statements[0])).toContain('Transferência de saldo NuInvest');
    },
  },
  'nubank-creditcard-dup-fitid-installments.ofx': {
    accounts: [['xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx', 244]],
    check(doc) {
      const [s] = doc.statements;
      expect(s.kind).toBe('creditcard');
      expect(distinctFitIds(s)).toBe(220);
      expect(memos(s).some((m) => m?.includes('Desconto Antecipação'))).toBe(true);
    },
  },
  'nubank-creditcard-no-banktranlist.ofx': {
    accounts: [['5a238fcc-966b-4956-8a8a-08db937682c6', 5]],
    check(doc) {
      const [s] = doc.statements;
      expect(s.kind).toBe('creditcard');
      expect(amounts(s)).toEqual([6024n, 57659n, -50050n, 581n, -1661n]);
      expect(memos(s)).toEqual(['IOF de "..."', 'Pagamento recebido', 'Amazonia', 'Desconto Antecipação', 'Uber do Brasil Tecnologia']);
      expect(s.dateRange).toEqual({ start: '2017-11-04', end: '2017-11-15' }); // no DTSTART/DTEND: min/max of the rows
    },
  },
  'nubank-creditcard-sgml.ofx': {
    accounts: [['11111111-UUID-UUID-UUID-111111111111', 6]],
    check(doc) {
      const [s] = doc.statements;
      expect(s.kind).toBe('creditcard');
      expect(s.balance).toEqual({ amount: -128091n, asOf: '2024-03-25' }); // after a <BANKTRANLIST> never closed
      expect(s.transactions[0].postedAt).toBe('2024-03-23'); // "20240323000000[-3:GMT]": no shift to UTC
    },
  },
  'ofx200-xml-hollow-stmttrn-no-fitid.ofx': { rejects: /^Linha 32: <STMTTRN> sem <DTPOSTED> e <TRNAMT>$/, line: 32 },
  'qfx-charset-1252-reencoded.qfx': {
    accounts: [['999-12345-0055666-EOP', 1]],
    check(doc) {
      expect(doc.statements[0].transactions[0]).toMatchObject({ name: 'Café Métro €uro', memo: 'Paiement 5€ — débit' });
    },
  },
  'qfx-charset-8859-1-reencoded.qfx': {
    accounts: [['999-12345-0055666-EOP', 1]],
    check(doc) {
      expect(doc.charset).toBe('iso-8859-1');
      expect(doc.statements[0].transactions[0].name).toBe('Paiement facture/Carte prépayée');
    },
  },
  'qfx-html-entities-oneline.qfx': {
    accounts: [['00000 00-00000', 2]],
    check(doc) {
      const [first, second] = doc.statements[0].transactions;
      expect(first.memo).toBe('PREAUTHORIZED DEBIT;B.C. HYDRO & POWER AUTHORITY;Electronic Funds Transfer');
      expect(second.name).toBe('TPAY &lt;DEFTPYMT&gt;'); // double-escaped upstream: decoded exactly once
      expect(first.postedAt).toBe('2023-05-09');
    },
  },
  'santander-checking-curdef-brc-bad-dtserver.ofx': {
    accounts: [['4173130033993', 13]],
    check(doc) {
      const [s] = doc.statements;
      expect(s.currency).toBe('BRC');
      expect(s.balance?.asOf).toBeNull();
      expect(s.dateRange).toEqual({ start: '2025-01-31', end: '2025-01-31' }); // invalid DTSTART/DTEND: from the rows
      warned(doc, /data inválida "2025025173830\[-3:GMT\]" em <DTSERVER>/);
      expect(amounts(s)).toContain(-350n);
    },
  },
  'santander-checking-padded-comma-decimals.ofx': {
    accounts: [['1234123412342134', 24]],
    check(doc) {
      expect(amounts(doc.statements[0]).slice(0, 2)).toEqual([-56000n, 7n]); // "           -560,00", "              0.07"
      expect(memos(doc.statements[0]).every((m) => m === null || m === m.trim())).toBe(true);
    },
  },
  'santander-checking-thousands-separator.ofx': {
    accounts: [['0000999999999', 4]],
    check(doc) {
      expect(amounts(doc.statements[0])).toEqual([-248n, 600_000_000n, -580_000_000n, -15_254_114n]);
      expect(doc.statements[0].balance?.amount).toBe(4_688_875n);
    },
  },
  'sicredi-checking-fitid-blank-refnum.ofx': {
    accounts: [['8120000000821157', 54]],
    check(doc) {
      expect(doc.statements[0].transactions.map((t) => t.fitId)).toContain('-4'); // " -4" trimmed
    },
  },
  'sulcredi-signon-request-tag.ofx': { accounts: [['12345-6', 2]] },
  'us-checking-three-decimal-amounts.ofx': {
    accounts: [['123456789123', 2]],
    check(doc) {
      expect(amounts(doc.statements[0])).toEqual([-3000n, -377n]); // "-30.000" is thirty, "-3.77000"
      expect(doc.statements[0].balance).toBeNull();
    },
  },
};

describe('OFX fixtures', () => {
  it('reads the shared fixture directory', () => {
    // shared/ sits beside the repository (in CI too): ../shared/fixtures/ofx from the repo root.
    expect(fileURLToPath(FIXTURES)).toMatch(/\/shared\/fixtures\/ofx\/$/);
    expect(existsSync(new URL('SOURCES.md', FIXTURES))).toBe(true);
  });

  it('has an expectation for every fixture file and a file for every expectation', () => {
    const files = readdirSync(FIXTURES).filter((f) => f !== 'SOURCES.md').sort();
    expect(files).toEqual(Object.keys(expectations).sort());
  });

  for (const [file, expected] of Object.entries(expectations)) {
    if ('rejects' in expected) {
      it(`${file} is rejected`, () => {
        const error = catchError(() => parseOfx(load(file)));
        expect(error).toBeInstanceOf(OfxParseError);
        expect((error as OfxParseError).message).toMatch(expected.rejects);
        expect((error as OfxParseError).line).toBe(expected.line);
      });
    } else {
      it(`${file}: ${expected.accounts.map(([id, n]) => `${id} = ${n}`).join(', ')}`, () => {
        const doc = parseOfx(load(file));
        expect(doc.statements.map((s) => [s.accountId, s.transactions.length])).toEqual(expected.accounts);
        for (const s of doc.statements) {
          for (const t of s.transactions) {
            expect(t.postedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
            expect(typeof t.amount).toBe('bigint');
          }
        }
        expected.check?.(doc);
      });
    }
  }
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('esperava uma exceção');
}
