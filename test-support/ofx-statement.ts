// A long, realistic bank statement (n transactions over a year, unique FITIDs): the bulk OFX import
// test and the benchmark import the same shape.
import { addDays } from '../domain/shared/dates';
import { buildOfx, type OfxRow } from './ofx-builder';

const MEMOS = [
  'PIX RECEBIDO CLIENTE', 'PIX ENVIADO FORNECEDOR', 'PAGAMENTO BOLETO', 'TARIFA PACOTE SERVICOS', 'TED RECEBIDA',
  'COMPRA CARTAO DEBITO', 'DEBITO AUTOMATICO ENERGIA', 'PAGAMENTO FOLHA', 'DAS SIMPLES NACIONAL', 'RENDIMENTO APLICACAO',
];

export function statementRows(count: number, options: { from?: string; prefix?: string } = {}): OfxRow[] {
  const from = options.from ?? '2025-01-01';
  const prefix = options.prefix ?? 'BULK';
  return Array.from({ length: count }, (_, i) => {
    const memo = MEMOS[i % MEMOS.length];
    const credit = memo.includes('RECEB') || memo.includes('RENDIMENTO');
    const cents = BigInt(1_00 + ((i * 7919) % 1_500_000));
    return { fitId: `${prefix}${String(i).padStart(7, '0')}`, date: addDays(from, Math.floor((i * 365) / count)), amount: credit ? cents : -cents, memo: `${memo} ${1000 + (i % 9000)}` };
  });
}

export function largeStatement(count: number, account = { bankId: '341', accountId: '7788-9' }, options: { from?: string; prefix?: string } = {}): string {
  return buildOfx(account, statementRows(count, options));
}
