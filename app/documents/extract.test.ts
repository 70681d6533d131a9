import { describe, expect, it } from 'vitest';
import { arrecadacaoLine, boletoLine } from '../../test-support/payment-slips';
import { brazilianDate } from './document-date';
import { extractExpenseData } from './extract';

const today = '2026-11-22';
const extract = (lines: string[], categories?: { slug: string; name: string }[]) =>
  extractExpenseData(lines.join('\n'), { today, categories });

describe('NFC-e', () => {
  const nfce = [
    'PADARIA PÃO QUENTE LTDA',
    'CNPJ: 11.222.333/0001-81 IE: 123.456.789.110',
    'Rua das Flores, 123 - Centro - São Paulo - SP',
    'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
    'Código Descrição Qtde UN Vl Unit Vl Total',
    '001 PAO FRANCES 2,500 KG 15,90 39,75',
    '002 CAFE TORRADO 500G 1 UN 25,90 25,90',
    '003 LEITE INTEGRAL 1L 2 UN 5,50 11,00',
    'Qtd. total de itens 3',
    'Valor total R$ 76,65',
    'Desconto R$ 1,65',
    'Valor a Pagar R$ 75,00',
    'FORMA PAGAMENTO Valor Pago R$',
    'Dinheiro 100,00',
    'Troco R$ 25,00',
    'Consulte pela Chave de Acesso em www.nfce.fazenda.sp.gov.br/consulta',
    '3525 0311 2223 3300 0181 6500 1000 0012 3410 0001 2345',
    'CONSUMIDOR NÃO IDENTIFICADO',
    'NFC-e nº 000001234 Série 001 15/03/2025 14:32:10',
    'Protocolo de Autorização: 135250000123456 16/03/2025 14:32:15',
    'Tributos Totais Incidentes (Lei Federal 12.741/2012) R$ 12,34',
  ];

  it('reads what is due, the emission date, the issuer and the number', () => {
    expect(extract(nfce)).toEqual({
      description: 'NFC-e 1234 — PADARIA PÃO QUENTE LTDA',
      amount: '75.00',
      date: '2025-03-15',
      category: 'operational',
      vendor: 'PADARIA PÃO QUENTE LTDA',
    });
  });

  it('reads a short receipt with VALOR TOTAL R$ and an Emissão label', () => {
    expect(
      extract([
        'AUTO POSTO ESTRELA LTDA',
        'CNPJ 12.345.678/0001-95',
        'NFC-e n. 4321 Série 2',
        'GASOLINA COMUM 40,000 L x 6,29 251,60',
        'ETANOL 200,000 L 982,96',
        'VALOR TOTAL R$ 1.234,56',
        'Emissão: 05/01/25 08:15',
      ]),
    ).toEqual({
      description: 'NFC-e 4321 — AUTO POSTO ESTRELA LTDA',
      amount: '1234.56',
      date: '2025-01-05',
      category: 'operational',
      vendor: 'AUTO POSTO ESTRELA LTDA',
    });
  });

  it('takes the issuer from the line of its CNPJ, not the consumer’s', () => {
    const result = extract([
      'Documento Auxiliar da NFC-e',
      'MERCADO BOM PREÇO EIRELI CNPJ: 98.765.432/0001-98',
      'TOTAL R$ 87,45',
      'CONSUMIDOR CNPJ: 45.723.174/0001-10 FLUXO TECNOLOGIA LTDA',
      'Emissão 09/04/2025',
    ]);
    expect(result.vendor).toBe('MERCADO BOM PREÇO EIRELI');
    expect(result.amount).toBe('87.45');
  });
});

describe('DANFE (NF-e)', () => {
  const danfe = [
    'RECEBEMOS DE DISTRIBUIDORA ALFA COMÉRCIO LTDA OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO',
    'DATA DE RECEBIMENTO IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR NF-e Nº 000.045.678 SÉRIE 1',
    'DISTRIBUIDORA ALFA COMÉRCIO LTDA',
    'Av. Paulista, 1000 - Bela Vista - São Paulo/SP',
    'DANFE DOCUMENTO AUXILIAR DA NOTA FISCAL ELETRÔNICA 0 - ENTRADA 1 - SAÍDA 1',
    'Nº 000.045.678 SÉRIE 1 FOLHA 1/1',
    'CHAVE DE ACESSO',
    '3525 0311 2223 3300 0181 5500 1000 0456 7810 0004 5678',
    'NATUREZA DA OPERAÇÃO PROTOCOLO DE AUTORIZAÇÃO DE USO',
    'VENDA DE MERCADORIA 135250000654321 - 11/03/2025 09:15:00',
    'INSCRIÇÃO ESTADUAL INSC. ESTADUAL DO SUBST. TRIB. CNPJ',
    '111.222.333.444 11.222.333/0001-81',
    'DESTINATÁRIO / REMETENTE',
    'NOME / RAZÃO SOCIAL CNPJ / CPF DATA DA EMISSÃO',
    'FLUXO TECNOLOGIA LTDA 45.723.174/0001-10 10/03/2025',
    'FATURA / DUPLICATAS',
    'Num. 001 Venc. 10/04/2025 Valor 1.234,56',
    'CÁLCULO DO IMPOSTO',
    'BASE DE CÁLCULO DO ICMS VALOR DO ICMS BASE DE CÁLCULO ICMS S.T. VALOR DO ICMS SUBST. VALOR TOTAL DOS PRODUTOS',
    '1.000,00 180,00 0,00 0,00 1.100,00',
    'VALOR DO FRETE VALOR DO SEGURO DESCONTO OUTRAS DESPESAS VALOR TOTAL DO IPI VALOR TOTAL DA NOTA',
    '50,00 0,00 0,00 0,00 84,56 1.234,56',
  ];

  it('reads the note total from its box, the emission date and the issuer from the stub', () => {
    expect(extract(danfe)).toEqual({
      description: 'NF-e 45678 — DISTRIBUIDORA ALFA COMÉRCIO LTDA',
      amount: '1234.56',
      date: '2025-03-10',
      category: 'operational',
      vendor: 'DISTRIBUIDORA ALFA COMÉRCIO LTDA',
    });
  });

  it('answers with the organization’s own category slug', () => {
    const categories = [
      { slug: 'marketing', name: 'Marketing' },
      { slug: 'fornecedores', name: 'Fornecedores' },
    ];
    expect(extract(danfe, categories).category).toBe('fornecedores');
  });
});

describe('boleto bancário', () => {
  const line = boletoLine({ bank: '341', dueDate: '2026-12-20', centavos: 1_890_00 });
  const boleto = (typeable: string) => [
    'Banco Itaú S.A.',
    'RECIBO DO PAGADOR',
    'Beneficiário: LIMPA TUDO SERVIÇOS DE LIMPEZA LTDA - CNPJ 33.444.555/0001-81',
    'Vencimento 19/12/2026',
    'Valor do Documento R$ 1.890,00',
    `341-7 ${typeable}`,
    'Local de pagamento: Pagável em qualquer banco até o vencimento',
    'Data do Documento 01/11/2026 Nº do Documento 2026/0042',
    'Pagador: FLUXO TECNOLOGIA LTDA CNPJ 45.723.174/0001-10',
  ];

  it('takes amount and due date from the typeable line and the beneficiary as vendor', () => {
    expect(extract(boleto(line))).toEqual({
      description: 'Boleto — LIMPA TUDO SERVIÇOS DE LIMPEZA LTDA',
      amount: '1890.00',
      date: '2026-12-20',
      category: 'operational',
      vendor: 'LIMPA TUDO SERVIÇOS DE LIMPEZA LTDA',
    });
  });

  it('falls back to the printed fields when the line does not check', () => {
    const broken = line.replace(/\d(?=\s\d{14}$)/, (d) => String((Number(d) + 1) % 10));
    expect(extract(boleto(broken))).toMatchObject({ amount: '1890.00', date: '2026-12-19', description: 'Boleto — LIMPA TUDO SERVIÇOS DE LIMPEZA LTDA' });
  });

  it('reads the beneficiary from the line below its label', () => {
    const result = extract(['Beneficiário Agência/Código do Beneficiário', 'ACADEMIA CORPO SÃO LTDA 1234/56789-0', line]);
    expect(result.vendor).toBe('ACADEMIA CORPO SÃO LTDA');
    expect(result.amount).toBe('1890.00');
  });

  it('never takes the bank for the vendor: its header after an empty label, its name under the label, its logo line', () => {
    const bradesco = boletoLine({ bank: '237', dueDate: '2026-12-20', centavos: 1_890_00 });
    // The receipt part ends with the label; the next line is the bank's header with its code.
    expect(extract(['Bradesco', 'Recibo do Pagador', 'Beneficiário', `Bradesco | 237-2 | ${bradesco}`,
      'Beneficiário Agência/Código do Beneficiário', 'DISTRIBUIDORA AURORA LTDA - CNPJ 33.444.555/0001-81 1234/56789-0']).vendor)
      .toBe('DISTRIBUIDORA AURORA LTDA');
    // The bank printed where the beneficiary goes (its own template), the beneficiary further down.
    expect(extract(['Banco Bradesco S.A.', 'Beneficiário', 'BANCO BRADESCO S.A.', bradesco, 'Cedente: GRÁFICA RÁPIDA ME']).vendor).toBe('GRÁFICA RÁPIDA ME');
    // No beneficiary label at all: the issuer's CNPJ line, not the logo on the first line.
    expect(extract(['Bradesco', `237-2 ${bradesco}`, 'DISTRIBUIDORA AURORA LTDA CNPJ 33.444.555/0001-81', 'Pagador: FLUXO TECNOLOGIA LTDA']).vendor)
      .toBe('DISTRIBUIDORA AURORA LTDA');
  });

  it('reads the printed amount when the line carries none', () => {
    const open = boletoLine({ dueDate: null, centavos: 0 });
    expect(extract([`Cedente: ESCOLA DE IDIOMAS FALA BEM ME`, open, 'Vencimento: 05/12/2026', '(=) Valor do Documento', '350,00'])).toMatchObject({
      amount: '350.00',
      date: '2026-12-05',
      vendor: 'ESCOLA DE IDIOMAS FALA BEM ME',
    });
  });
});

describe('arrecadação', () => {
  it('reads a power bill: amount from the line, due date and company from the text', () => {
    const line = arrecadacaoLine({ segment: '3', valueId: '6', centavos: 312_47 });
    expect(
      extract(['ENEL DISTRIBUIÇÃO SÃO PAULO', 'CNPJ 61.695.227/0001-93', 'Conta de energia elétrica', 'Vencimento 10/12/2026', 'Total a pagar R$ 312,47', line]),
    ).toEqual({
      description: 'Conta de energia elétrica e gás — ENEL DISTRIBUIÇÃO SÃO PAULO',
      amount: '312.47',
      date: '2026-12-10',
      category: 'operational',
      vendor: 'ENEL DISTRIBUIÇÃO SÃO PAULO',
    });
  });

  it('reads a government slip checked with modulo 11', () => {
    const line = arrecadacaoLine({ segment: '5', valueId: '8', centavos: 1_027_33 });
    const result = extract(['DOCUMENTO DE ARRECADAÇÃO DE RECEITAS FEDERAIS', line, 'Pagar até 20/12/2026']);
    expect(result).toMatchObject({ amount: '1027.33', date: '2026-12-20', description: 'Guia de órgão governamental', category: 'administrative' });
  });
});

describe('other documents', () => {
  it('reads a SAT cupom', () => {
    expect(
      extract([
        'RESTAURANTE SABOR CASEIRO LTDA ME',
        'CNPJ 06.001.234/0001-30',
        'Extrato No. 012345 CUPOM FISCAL ELETRÔNICO - SAT',
        'PRATO EXECUTIVO 2 x 32,90 65,80',
        'SUBTOTAL 65,80',
        'TOTAL R$ 65,80',
        '10/02/2026 12:41:00',
      ]),
    ).toEqual({
      description: 'Cupom fiscal 12345 — RESTAURANTE SABOR CASEIRO LTDA ME',
      amount: '65.80',
      date: '2026-02-10',
      category: 'operational',
      vendor: 'RESTAURANTE SABOR CASEIRO LTDA ME',
    });
  });

  it('reads an NFS-e for software with a bare CNPJ', () => {
    expect(
      extract([
        'PREFEITURA MUNICIPAL DE SÃO PAULO',
        'NOTA FISCAL DE SERVIÇOS ELETRÔNICA - NFS-e',
        'Número da Nota: 00000789 Data e Hora de Emissão: 02/10/2026 10:00:00',
        'PRESTADOR DE SERVIÇOS',
        'Nome/Razão Social: NUVEM SOFTWARE LTDA',
        'CPF/CNPJ: 12345678000195',
        'Discriminação dos serviços: licença de software de gestão (assinatura mensal)',
        'VALOR TOTAL DA NOTA = R$ 2.500,00',
      ]),
    ).toEqual({
      description: 'NFS-e 789 — NUVEM SOFTWARE LTDA',
      amount: '2500.00',
      date: '2026-10-02',
      category: 'technology',
      vendor: 'NUVEM SOFTWARE LTDA',
    });
  });

  it('reads a plain receipt with a header line and no CNPJ', () => {
    expect(extract(['Gráfica Rápida Impressões', 'RECIBO', '500 panfletos coloridos', 'Valor: R$ 480,00', 'Data: 3/9/2026'])).toEqual({
      description: 'Recibo — Gráfica Rápida Impressões',
      amount: '480.00',
      date: '2026-09-03',
      category: 'marketing',
      vendor: 'Gráfica Rápida Impressões',
    });
  });

  it('finds nothing in a text that is not a document', () => {
    expect(extract(['', '---', '12 34'])).toEqual({ description: null, amount: null, date: null, category: null, vendor: null });
  });
});

describe('categories', () => {
  const fuel = ['AUTO POSTO BR LTDA', 'GASOLINA ADITIVADA 30,000 L 189,90', 'TOTAL R$ 189,90'];

  it('picks the closest of the organization’s categories by slug or name', () => {
    expect(extract(fuel, [{ slug: 'alimentacao', name: 'Alimentação' }, { slug: 'transporte', name: 'Transporte' }]).category).toBe('transporte');
    expect(extract(fuel, [{ slug: 'cat-7', name: 'Viagens e combustível' }, { slug: 'cat-8', name: 'Operacional' }]).category).toBe('cat-7');
    expect(extract(fuel, [{ slug: 'operacional', name: 'Operacional' }]).category).toBe('operacional');
  });

  it('answers null when no category of the organization fits', () => {
    expect(extract(fuel, [{ slug: 'marketing', name: 'Marketing' }]).category).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    [['5', '3', '2025'], '2025-03-05'],
    [['05', '01', '25'], '2025-01-05'],
    [['31', '12', '99'], '1999-12-31'],
    [['31', '02', '2025'], null],
    [['10', '13', '2025'], null],
    [['01', '01', '1850'], null],
  ])('%j → %s', ([day, month, year], expected) => {
    expect(brazilianDate(day, month, year)).toBe(expected);
  });

  it('skips impossible dates and validity dates', () => {
    expect(extract(['Validade 31/12/2030', 'Lote 31/02/2026', 'Compra em 14/08/2026']).date).toBe('2026-08-14');
  });
});
