import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorize, categorizer, learnedCategory, MIN_LEARNED_SIMILARITY, type LearnedRule } from './categorize';
import { descriptionSignature, descriptionSimilarity } from './descriptions';

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

  it('a batch categorizer (rules prepared once, signatures scored once) answers as the one-at-a-time rules do', () => {
    // The rule as first written: every rule compared with the description, nothing prepared.
    const reference = (description: string, kind: 'expense' | 'revenue', rules: readonly LearnedRule[]): string | null => {
      const signature = descriptionSignature(description);
      if (!signature) return null;
      const scores = new Map<string, number>();
      let bestSimilarity = 0;
      for (const rule of rules) {
        if (rule.kind !== kind) continue;
        const similarity = rule.signature === signature ? 1 : descriptionSimilarity(rule.signature, signature);
        if (similarity < MIN_LEARNED_SIMILARITY) continue;
        if (similarity > bestSimilarity) {
          bestSimilarity = similarity;
          scores.clear();
        }
        if (similarity === bestSimilarity) scores.set(rule.category, (scores.get(rule.category) ?? 0) + rule.uses);
      }
      let best: string | null = null;
      for (const [category, uses] of scores) if (best === null || uses > (scores.get(best) ?? 0)) best = category;
      return best;
    };
    const word = fc.constantFrom('pix', 'enviado', 'recebido', 'moinho', 'sul', 'farinhas', 'transf', 'transferencia', 'tarifa', 'das', 'de', '12/03', 'São', 'joão', 'x');
    const text = fc.array(word, { maxLength: 7 }).map((words) => words.join(' '));
    const kind = fc.constantFrom<'expense' | 'revenue'>('expense', 'revenue');
    const rule = fc.record({ kind, signature: text.map(descriptionSignature), category: fc.constantFrom('a', 'b', 'c'), uses: fc.integer({ min: 1, max: 4 }) });
    fc.assert(fc.property(fc.array(rule, { maxLength: 12 }), fc.array(fc.tuple(text, kind), { minLength: 1, maxLength: 20 }), (rules, descriptions) => {
      const batch = categorizer({ learned: rules, expenseCategories: defaults });
      for (const [description, k] of descriptions) {
        const expected = reference(description, k, rules);
        expect(learnedCategory(description, k, rules)).toBe(expected);
        expect(batch(description, k)).toEqual(categorize(description, k, { learned: rules, expenseCategories: defaults }));
        if (expected) expect(batch(description, k)).toEqual({ category: expected, rule: 'learned' });
      }
    }));
  });
});
