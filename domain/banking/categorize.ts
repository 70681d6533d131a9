// Auto-categorisation of bank transactions: first how this organization categorised similar
// descriptions before, then keyword rules for common Brazilian items (PIX, TED, tarifas, IOF,
// aluguel, folha, impostos: DAS, DARF, ISS, …).
import { descriptionSignature, normalizeText, prepareDescription, preparedSimilarity, type PreparedDescription } from './descriptions';

export type LedgerKind = 'expense' | 'revenue';

/** How often this organization gave `category` to descriptions with this signature. */
export type LearnedRule = { kind: LedgerKind; signature: string; category: string; uses: number };

export type CategoryChoice = { category: string; rule: 'learned' | 'keyword' | 'default' };

/** The organization's expense categories (slug and name), so a rule can land on one that exists. */
export type OrgCategory = { slug: string; name: string };

export const MIN_LEARNED_SIMILARITY = 0.75;

type KeywordRule = { words: string[]; prefer: string[]; fallback: string };

// Ordered: the first rule with a matching word wins ("PIX ENVIADO DARF" is a tax, not a supplier).
const expenseRules: KeywordRule[] = [
  {
    words: ['das', 'darf', 'gps', 'gare', 'dae', 'iss', 'issqn', 'icms', 'ipi', 'iptu', 'ipva', 'irpj', 'csll', 'pis', 'cofins', 'inss', 'simples nacional', 'receita federal', 'tributo', 'tributos', 'imposto', 'impostos', 'sefaz', 'dctfweb'],
    prefer: ['impostos', 'imposto', 'tributos', 'taxes', 'tax'],
    fallback: 'administrative',
  },
  {
    words: ['tarifa', 'tarifas', 'tar', 'iof', 'juros', 'encargos', 'anuidade', 'cesta', 'pacote servicos', 'manutencao conta', 'taxa bancaria', 'multa', 'mora'],
    prefer: ['tarifas-bancarias', 'tarifas', 'despesas-bancarias', 'despesas-financeiras', 'financeiro', 'administrativo', 'administrative'],
    fallback: 'administrative',
  },
  {
    words: ['folha', 'salario', 'salarios', 'pro labore', 'prolabore', 'fgts', 'ferias', 'rescisao', 'decimo terceiro', 'vale transporte', 'vale refeicao', 'vale alimentacao', 'beneficios'],
    prefer: ['rh', 'hr', 'folha-de-pagamento', 'pessoal', 'recursos-humanos'],
    fallback: 'hr',
  },
  {
    words: ['aluguel', 'condominio', 'energia', 'luz', 'cemig', 'enel', 'light', 'copel', 'celesc', 'cpfl', 'coelba', 'agua', 'sabesp', 'copasa', 'cedae', 'sanepar', 'gas', 'comgas'],
    prefer: ['operacional', 'operational', 'aluguel', 'ocupacao'],
    fallback: 'operational',
  },
  {
    words: ['internet', 'telefone', 'telefonia', 'vivo', 'claro', 'software', 'aws', 'amazon web services', 'google cloud', 'google workspace', 'microsoft', 'azure', 'github', 'adobe', 'dominio', 'hospedagem', 'totvs', 'omie', 'contaazul'],
    prefer: ['tecnologia', 'technology', 'ti'],
    fallback: 'technology',
  },
  {
    words: ['google ads', 'facebook', 'facebk', 'meta ads', 'instagram', 'publicidade', 'anuncio', 'anuncios', 'marketing', 'rd station'],
    prefer: ['marketing', 'publicidade'],
    fallback: 'marketing',
  },
  {
    words: ['pix', 'ted', 'doc', 'transferencia', 'boleto', 'pagamento', 'pagto', 'pag', 'compra', 'fornecedor', 'fornecedores'],
    prefer: ['fornecedores', 'fornecedor', 'suppliers', 'compras', 'operacional', 'operational'],
    fallback: 'operational',
  },
];

const EXPENSE_DEFAULT: KeywordRule = { words: [], prefer: ['outros', 'outras-despesas', 'other', 'operacional', 'operational'], fallback: 'operational' };

const revenueRules: { words: string[]; category: string }[] = [
  { words: ['estorno', 'devolucao', 'reembolso', 'rendimento', 'rendimentos', 'rend', 'juros', 'resgate', 'aplicacao'], category: 'other' },
  { words: ['assinatura', 'assinaturas', 'mensalidade', 'mensalidades', 'recorrencia'], category: 'subscriptions' },
  { words: ['consultoria', 'assessoria'], category: 'consulting' },
  { words: ['venda', 'vendas', 'cielo', 'stone', 'rede', 'redecard', 'getnet', 'pagseguro', 'sumup', 'ifood', 'antecipacao', 'maquininha', 'cartao'], category: 'products' },
  { words: ['pix', 'ted', 'doc', 'transferencia', 'boleto', 'cobranca', 'liquidacao', 'servico', 'servicos', 'honorarios', 'recebimento', 'deposito'], category: 'services' },
];

/** Each rule's words with a space on each side, once: a description is matched against them all (an OFX file of 10,000 lines). */
const padded = new Map<string, string>();
const paddedWord = (word: string): string => {
  let found = padded.get(word);
  if (found === undefined) padded.set(word, (found = ` ${word} `));
  return found;
};

/** `text` holds `word` as whole words; `spaced` is the text with a space on each side. */
function hasWord(spaced: string, word: string): boolean {
  return spaced.includes(paddedWord(word));
}

/** The most used category among the organization's rules for this description, if any is close enough. */
export function learnedCategory(description: string, kind: LedgerKind, rules: readonly LearnedRule[]): string | null {
  return learnedMatcher(rules)(description, kind);
}

/**
 * learnedCategory for many descriptions against the same rules (an OFX file of 10,000 lines against
 * hundreds of rules): each rule's words and bigrams are prepared once, and each distinct signature
 * is scored once (a statement repeats a few kinds of description with different numbers).
 */
export function learnedMatcher(rules: readonly LearnedRule[]): (description: string, kind: LedgerKind) => string | null {
  const prepared: { rule: LearnedRule; description: PreparedDescription }[] = [];
  for (const rule of rules) prepared.push({ rule, description: prepareDescription(rule.signature) });
  const decided = new Map<string, string | null>();
  return (description, kind) => {
    const signature = descriptionSignature(description);
    if (!signature) return null;
    const key = `${kind}|${signature}`;
    const known = decided.get(key);
    if (known !== undefined) return known;
    const mine = prepareDescription(signature);
    const scores = new Map<string, number>();
    let bestSimilarity = 0;
    for (const { rule, description: theirs } of prepared) {
      if (rule.kind !== kind) continue;
      const similarity = rule.signature === signature ? 1 : preparedSimilarity(theirs, mine);
      if (similarity < MIN_LEARNED_SIMILARITY) continue;
      // Exact signatures outweigh near ones; among equals, the more often used category wins.
      if (similarity > bestSimilarity) {
        bestSimilarity = similarity;
        scores.clear();
      }
      if (similarity === bestSimilarity) scores.set(rule.category, (scores.get(rule.category) ?? 0) + rule.uses);
    }
    let best: string | null = null;
    for (const [category, uses] of scores) if (best === null || uses > (scores.get(best) ?? 0)) best = category;
    decided.set(key, best);
    return best;
  };
}

function pickExisting(rule: KeywordRule, categories: readonly OrgCategory[]): string {
  for (const wanted of rule.prefer) {
    const found = categories.find((c) => c.slug === wanted || normalizeText(c.name).replace(/ /g, '-') === wanted);
    if (found) return found.slug;
  }
  return rule.fallback;
}

export function categorize(
  description: string,
  kind: LedgerKind,
  context: { learned: readonly LearnedRule[]; expenseCategories: readonly OrgCategory[] },
): CategoryChoice {
  return categorizer(context)(description, kind);
}

/** categorize for a whole batch of descriptions with the same rules and categories (see learnedMatcher). */
export function categorizer(context: { learned: readonly LearnedRule[]; expenseCategories: readonly OrgCategory[] }): (description: string, kind: LedgerKind) => CategoryChoice {
  const learnedFor = learnedMatcher(context.learned);
  const existing = new Map<KeywordRule, string>();
  const pick = (rule: KeywordRule): string => {
    let slug = existing.get(rule);
    if (slug === undefined) existing.set(rule, (slug = pickExisting(rule, context.expenseCategories)));
    return slug;
  };
  return (description, kind) => {
    const learned = learnedFor(description, kind);
    if (learned) return { category: learned, rule: 'learned' };
    const text = ` ${normalizeText(description)} `;
    if (kind === 'revenue') {
      const rule = revenueRules.find((r) => r.words.some((word) => hasWord(text, word)));
      return rule ? { category: rule.category, rule: 'keyword' } : { category: 'other', rule: 'default' };
    }
    const rule = expenseRules.find((r) => r.words.some((word) => hasWord(text, word)));
    return rule ? { category: pick(rule), rule: 'keyword' } : { category: pick(EXPENSE_DEFAULT), rule: 'default' };
  };
}
