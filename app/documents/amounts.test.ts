import { describe, expect, it } from 'vitest';
import { findAmounts, parseBrazilianAmount, pickTotal } from './amounts';

describe('Brazilian amounts', () => {
  it.each([
    ['R$ 1.234,56', 1_234_56n],
    ['R$1.234,56', 1_234_56n],
    ['1.234,56', 1_234_56n],
    ['1234,56', 1_234_56n],
    ['87,45', 87_45n],
    ['r$ 0,50', 50n],
    ['1.000.000,00', 1_000_000_00n],
  ])('%s', (text, centavos) => {
    expect(parseBrazilianAmount(text)).toBe(centavos);
  });

  it.each(['15/03/2025', '2,500', '18,00%', '1.234.56', '11.222.333/0001-81', '12,3', 'abc'])('%s is not an amount', (text) => {
    expect(parseBrazilianAmount(text)).toBeNull();
  });

  it('finds every amount on a line', () => {
    expect(findAmounts('001 PAO FRANCES 2,500 KG x 15,90 = 39,75').map((a) => a.centavos)).toEqual([15_90n, 39_75n]);
  });
});

describe('the total of a document', () => {
  it('prefers total lines to item lines, and what is due to the gross total', () => {
    const lines = ['Notebook 1 4.999,00 4.999,00', 'Valor total R$ 76,65', 'Desconto R$ 1,65', 'Valor a Pagar R$ 75,00', 'Dinheiro 100,00', 'Troco R$ 25,00'];
    expect(pickTotal(lines)).toBe(75_00n);
  });

  it('ignores subtotals, item counts, taxes and the paid amount', () => {
    expect(pickTotal(['SUBTOTAL 100,00', 'Qtd. total de itens 3,00', 'DESCONTO 10,00', 'TOTAL 90,00', 'Valor pago 100,00'])).toBe(90_00n);
    expect(pickTotal(['Valor aproximado dos tributos R$ 12,34', 'VALOR TOTAL DOS TRIBUTOS 12,34', 'TOTAL R$ 45,90'])).toBe(45_90n);
    expect(pickTotal(['Sub total 50,00', 'Total 55,00'])).toBe(55_00n);
  });

  it('reads the value of a DANFE box from the row below its label', () => {
    const lines = [
      'BASE DE CÁLCULO DO ICMS VALOR DO ICMS BASE DE CÁLCULO ICMS S.T. VALOR DO ICMS SUBST. VALOR TOTAL DOS PRODUTOS',
      '1.000,00 180,00 0,00 0,00 1.100,00',
      'VALOR DO FRETE VALOR DO SEGURO DESCONTO OUTRAS DESPESAS VALOR TOTAL DO IPI VALOR TOTAL DA NOTA',
      '50,00 0,00 0,00 0,00 84,56 1.234,56',
    ];
    expect(pickTotal(lines)).toBe(1_234_56n);
  });

  it('prefers a total on its own line to a column header over the items', () => {
    expect(pickTotal(['Descrição Qtd Valor Unit Valor Total', 'Caneta 2 1,50 3,00', 'VALOR TOTAL R$ 1.234,56'])).toBe(1_234_56n);
  });

  it('does not give a neighbouring label’s value to a total', () => {
    expect(pickTotal(['TOTAL DESCONTO 5,00', 'Valor do Documento', '340,00'])).toBe(340_00n);
  });

  it('reads OCR noise on total lines: a dot for the decimal comma, RS for R$', () => {
    expect(pickTotal(['ARROZ 27.90', 'TOTAL R$ 87.45'])).toBe(87_45n);
    expect(pickTotal(['VALOR TOTAL RS: 1.234.56'])).toBe(1_234_56n);
    expect(pickTotal(['Valor a pagar RS 75,00'])).toBe(75_00n);
    expect(pickTotal(['TOTAL ITENS 12.00'])).toBeNull();
  });

  it('falls back to the largest amount, leaving out change and cash', () => {
    expect(pickTotal(['Serviço de corte 45,00', 'Escova 30,00', 'Dinheiro 100,00', 'Troco 25,00'])).toBe(45_00n);
    expect(pickTotal(['nada aqui'])).toBeNull();
  });
});
