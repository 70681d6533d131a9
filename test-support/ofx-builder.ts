// Writes a small OFX 1.02 (SGML) bank statement for tests: the shape Brazilian banks export.
export type OfxRow = { fitId?: string | null; date: string; amount: bigint; memo: string; type?: string };

const ofxDate = (date: string) => `${date.replaceAll('-', '')}120000[-3:BRT]`;

function ofxAmount(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export function buildOfx(account: { bankId: string; accountId: string; branchId?: string; charset?: string }, rows: readonly OfxRow[], balance = 1000_00n): string {
  const dates = rows.map((r) => r.date).sort();
  const start = dates[0] ?? '2025-01-01';
  const end = dates[dates.length - 1] ?? start;
  const lines = [
    'OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', `CHARSET:${account.charset ?? '1252'}`,
    'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '',
    '<OFX>', '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20250401120000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS><CURDEF>BRL',
    `<BANKACCTFROM><BANKID>${account.bankId}<BRANCHID>${account.branchId ?? '0001'}<ACCTID>${account.accountId}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${ofxDate(start)}<DTEND>${ofxDate(end)}`,
    ...rows.flatMap((r) => [
      '<STMTTRN>',
      `<TRNTYPE>${r.type ?? (r.amount < 0n ? 'DEBIT' : 'CREDIT')}`,
      `<DTPOSTED>${ofxDate(r.date)}`,
      `<TRNAMT>${ofxAmount(r.amount)}`,
      ...(r.fitId ? [`<FITID>${r.fitId}`] : []),
      `<MEMO>${r.memo}`,
      '</STMTTRN>',
    ]),
    '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${ofxAmount(balance)}<DTASOF>${ofxDate(end)}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ];
  return lines.join('\r\n');
}
