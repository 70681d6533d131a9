// Charset decisions: the bytes win over the header when they are clearly UTF-8.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeOfx, decodeOfxBytes } from './decode';

const sgml = (header: string, memo: string) => `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n${header}\n\n<OFX>\n<MEMO>${memo}\n</OFX>\n`;
const bytes = (text: string, charset: string) => new Uint8Array(iconv.encode(text, charset));

describe('decodeOfx', () => {
  it('reads real cp1252 bytes under CHARSET:1252, including 0x80-0x9F (€ — •)', () => {
    const decoded = decodeOfx(bytes(sgml('ENCODING:USASCII\nCHARSET:1252', 'SERVIÇOS 5€ — •'), 'win1252'));
    expect(decoded).toMatchObject({ charset: 'windows-1252', warnings: [] });
    expect(decoded.text).toContain('<MEMO>SERVIÇOS 5€ — •');
  });

  it('reads UTF-8 bytes under CHARSET:1252 as UTF-8, with a warning', () => {
    const decoded = decodeOfx(bytes(sgml('ENCODING:USASCII\nCHARSET:1252', 'Antecipação'), 'utf8'));
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.text).toContain('Antecipação');
    expect(decoded.warnings[0]).toMatch(/declara CHARSET:1252, mas o conteúdo é UTF-8/);
  });

  it.each(['8859-1', 'ISO-8859-1'])('reads CHARSET:%s as Latin-1', (charset) => {
    const decoded = decodeOfx(bytes(sgml(`ENCODING:USASCII\nCHARSET:${charset}`, 'prépayée'), 'latin1'));
    expect(decoded).toMatchObject({ charset: 'iso-8859-1', warnings: [] });
    expect(decoded.text).toContain('prépayée');
  });

  it('falls back to the CHARSET when ENCODING:UTF-8 is a lie', () => {
    const decoded = decodeOfx(bytes(sgml('ENCODING:UTF-8\nCHARSET:1252', 'POUPANÇA'), 'win1252'));
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.text).toContain('POUPANÇA');
    expect(decoded.warnings[0]).toMatch(/não é UTF-8 válido/);
  });

  it('reads ENCODING:UTF-8 / CHARSET:NONE as UTF-8', () => {
    expect(decodeOfx(bytes(sgml('ENCODING:UTF-8\nCHARSET:NONE', 'débito •'), 'utf8'))).toMatchObject({ charset: 'utf-8', warnings: [] });
  });

  it('honours the XML declaration and falls back to windows-1252 when it is wrong', () => {
    const xml = (encoding: string, memo: string) => `<?xml version="1.0" encoding="${encoding}"?><?OFX OFXHEADER="200" VERSION="202"?><OFX><MEMO>${memo}</MEMO></OFX>`;
    expect(decodeOfx(bytes(xml('UTF-8', 'Ação'), 'utf8'))).toMatchObject({ charset: 'utf-8', warnings: [] });
    const wrong = decodeOfx(bytes(xml('UTF-8', 'Ação'), 'win1252'));
    expect(wrong.charset).toBe('windows-1252');
    expect(wrong.text).toContain('Ação');
    expect(decodeOfx(bytes(xml('ISO-8859-15', 'Ação €'), 'iso-8859-15'))).toMatchObject({ charset: 'iso-8859-15' });
    expect(decodeOfxBytes(bytes(xml('ISO-8859-15', 'Ação €'), 'iso-8859-15'))).toContain('Ação €');
  });

  it('strips a UTF-8 BOM and reads UTF-16 files that carry one', () => {
    const text = sgml('ENCODING:USASCII\nCHARSET:1252', 'Olá');
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(text, 'utf8')]);
    expect(decodeOfx(withBom)).toMatchObject({ text, charset: 'utf-8' });
    const utf16 = new Uint8Array(iconv.encode(text, 'utf16-le', { addBOM: true }));
    expect(decodeOfx(utf16)).toMatchObject({ text, charset: 'utf-16le' });
  });

  it('reports the declared charset for pure ASCII and defaults to windows-1252 without a header', () => {
    expect(decodeOfx(bytes(sgml('ENCODING:USASCII\nCHARSET:1252', 'IOF'), 'ascii')).charset).toBe('windows-1252');
    expect(decodeOfx(bytes('<OFX><MEMO>CRÉDITO</MEMO></OFX>', 'win1252'))).toMatchObject({ charset: 'windows-1252', text: '<OFX><MEMO>CRÉDITO</MEMO></OFX>' });
    expect(decodeOfx(bytes('<OFX><MEMO>CRÉDITO</MEMO></OFX>', 'utf8')).charset).toBe('utf-8');
  });

  it('does not trust an unknown CHARSET', () => {
    const decoded = decodeOfx(bytes(sgml('ENCODING:USASCII\nCHARSET:KLINGON', 'SERVIÇOS'), 'win1252'));
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.text).toContain('SERVIÇOS');
  });
});
