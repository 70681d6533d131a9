import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredCharset, decodeOfxFile, isOfxFileName } from './ofxText';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../shared/fixtures/ofx/${name}`, import.meta.url)));

describe('decodeOfxFile', () => {
  it('decodes real Windows-1252 bytes by the header charset', () => {
    const bytes = fixture('itau-checking-cp1252-accents.ofx');
    expect(declaredCharset(bytes)).toBe('windows-1252');
    expect(decodeOfxFile(bytes)).toContain('NET SERVIÇOS');
  });

  it('keeps UTF-8 bytes written under CHARSET:1252 as UTF-8 (no mojibake)', () => {
    const text = decodeOfxFile(fixture('itau-checking-utf8-bytes-declared-1252.ofx'));
    expect(text).toContain('ççççåADáéñ');
    expect(text).not.toContain('Ã');
  });

  it('reads Latin-1 and UTF-8 headers, and a UTF-8 BOM', () => {
    expect(decodeOfxFile(fixture('qfx-charset-8859-1-reencoded.qfx'))).toContain('prépayée');
    expect(decodeOfxFile(fixture('nubank-checking-utf8-charset-none.ofx'))).toContain('Transferência');
    expect(decodeOfxFile(fixture('multi-account-utf8-bom-crlf.ofx')).startsWith('OFXHEADER')).toBe(true);
  });

  it('accepts only .ofx file names', () => {
    expect(isOfxFileName('extrato.OFX')).toBe(true);
    expect(isOfxFileName('extrato.qfx')).toBe(false);
    expect(isOfxFileName('extrato.ofx.pdf')).toBe(false);
  });
});
