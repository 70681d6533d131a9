import { describe, expect, it } from 'vitest';
import { categorize, type LearnedRule } from './categorize';

const defaults = [
  { slug: 'operational', name: 'Operacional' },
  { slug: 'administrative', name: 'Administrativo' },
  { slug: 'marketing', name: 'Marketing' },
  { slug: 'technology', name: 'Tecnologia' },
  { slug: 'hr', name: 'RH' },
];
const none = { learned: [], expenseCategories: defaults };

describe('categorize', () => {
  it('knows common Brazilian debits', () => {
    expect(categorize('DAS SIMPLES NACIONAL 03/2025', 'expense', none).category).toBe('administrative');
    expect(categorize('PAGTO DARF 0561', 'expense', { ...none, expenseCategories: [...defaults, { slug: 'impostos', name: 'Impostos' }] }).category).toBe('impostos');
    expect(categorize('TARIFA PACOTE SERVICOS', 'expense', none)).toEqual({ category: 'administrative', rule: 'keyword' });
    expect(categorize('IOF', 'expense', none).category).toBe('administrative');
    expect(categorize('PAGAMENTO FOLHA SALARIOS', 'expense', none).category).toBe('hr');
    expect(categorize('ALUGUEL LOJA CENTRO', 'expense', none).category).toBe('operational');
    expect(categorize('GOOGLE ADS', 'expense', none).category).toBe('marketing');
    expect(categorize('VIVO INTERNET FIBRA', 'expense', none).category).toBe('technology');
    expect(categorize('PIX ENVIADO Moinho Sul Farinhas', 'expense', none).category).toBe('operational');
  });

  it('prefers the organization\'s own category when one fits the rule', () => {
    const withSuppliers = { ...none, expenseCategories: [...defaults, { slug: 'fornecedores', name: 'Fornecedores' }] };
    expect(categorize('PIX ENVIADO Moinho Sul Farinhas', 'expense', withSuppliers).category).toBe('fornecedores');
  });

  it('knows common Brazilian credits', () => {
    expect(categorize('PIX RECEBIDO Mercado Bom Preço', 'revenue', none).category).toBe('services');
    expect(categorize('CIELO VENDAS CARTAO', 'revenue', none).category).toBe('products');
    expect(categorize('RENDIMENTO POUPANCA', 'revenue', none).category).toBe('other');
    expect(categorize('???', 'revenue', none)).toEqual({ category: 'other', rule: 'default' });
  });

  it('learns from how the organization categorised similar descriptions', () => {
    const learned: LearnedRule[] = [
      { kind: 'expense', signature: 'pix enviado moinho sul farinhas', category: 'materia-prima', uses: 5 },
      { kind: 'expense', signature: 'pix enviado moinho sul farinhas', category: 'operational', uses: 1 },
    ];
    expect(categorize('PIX ENVIADO 10/03 MOINHO SUL FARINHAS LTDA', 'expense', { ...none, learned })).toEqual({ category: 'materia-prima', rule: 'learned' });
    expect(categorize('PIX ENVIADO Outro Fornecedor', 'expense', { ...none, learned }).rule).toBe('keyword');
    expect(categorize('PIX RECEBIDO MOINHO SUL FARINHAS', 'revenue', { ...none, learned }).rule).toBe('keyword');
  });
});
