import { describe, expect, it } from 'vitest';
import { bankByCode, maskAccountNumber, normalizeAccountNumber, normalizeBankId } from './banks';
import { descriptionSignature, descriptionSimilarity } from './descriptions';

describe('bank and account numbers', () => {
  it('writes one bank the same way however the file spells it', () => {
    expect(normalizeBankId('1')).toBe('001');
    expect(normalizeBankId('001')).toBe('001');
    expect(normalizeBankId('0104')).toBe('104');
    expect(normalizeBankId(' 0341 ')).toBe('341');
    expect(normalizeBankId('gnt')).toBe('364');
    expect(normalizeBankId(null)).toBe('');
    expect(bankByCode('1')?.name).toBe('Banco do Brasil');
  });

  it('compares account numbers by letters and digits without leading zeros', () => {
    expect(normalizeAccountNumber('54321-9')).toBe('543219');
    expect(normalizeAccountNumber('0005779806116')).toBe('5779806116');
    expect(normalizeAccountNumber('000')).toBe('0');
  });

  it('masks all but the last four digits', () => {
    expect(maskAccountNumber('12345-6')).toBe('****3456');
  });
});

describe('descriptions', () => {
  it('ignores case, accents, numbers and punctuation', () => {
    expect(descriptionSignature('PIX ENVIADO 12/03 Padaria São João LTDA')).toBe('pix enviado padaria sao joao');
    expect(descriptionSimilarity('PIX ENVIADO 12/03 Padaria São João', 'Pix enviado - PADARIA SAO JOAO LTDA')).toBe(1);
    expect(descriptionSimilarity('TARIFA PACOTE SERVICOS', 'PIX RECEBIDO Cliente')).toBeLessThan(0.5);
  });
});
