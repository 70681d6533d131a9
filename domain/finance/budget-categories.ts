// The spec's nine budget categories, and which expense categories (by slug) count towards each.
import { z } from 'zod';

export const budgetCategories = [
  'operacional', 'marketing', 'tecnologia', 'rh', 'administrativo', 'vendas', 'fornecedores', 'impostos', 'investimento',
] as const;
export type BudgetCategory = (typeof budgetCategories)[number];

export const budgetCategoryLabels: Record<BudgetCategory, string> = {
  operacional: 'Operacional',
  marketing: 'Marketing',
  tecnologia: 'Tecnologia',
  rh: 'RH',
  administrativo: 'Administrativo',
  vendas: 'Vendas',
  fornecedores: 'Fornecedores',
  impostos: 'Impostos',
  investimento: 'Investimento',
};

export const budgetCategorySchema = z.enum(budgetCategories, {
  errorMap: () => ({ message: `Categoria inválida; use uma destas: ${budgetCategories.join(', ')}` }),
});

/**
 * Expense category slugs (accents removed) that mean each budget category: the Portuguese word,
 * its plural, and the English slugs of the default categories (operational, hr, …).
 */
const aliases: Record<BudgetCategory, string[]> = {
  operacional: ['operacional', 'operational', 'operacoes', 'operations'],
  marketing: ['marketing', 'publicidade', 'propaganda'],
  tecnologia: ['tecnologia', 'technology', 'ti', 'tech'],
  rh: ['rh', 'hr', 'recursos-humanos', 'pessoal', 'folha-de-pagamento'],
  administrativo: ['administrativo', 'administrative', 'administracao'],
  vendas: ['vendas', 'venda', 'sales', 'comercial'],
  fornecedores: ['fornecedores', 'fornecedor', 'suppliers', 'supplier'],
  impostos: ['impostos', 'imposto', 'taxes', 'tax', 'tributos', 'tributo'],
  investimento: ['investimento', 'investimentos', 'investment', 'investments'],
};

const bySlug = new Map<string, BudgetCategory>(
  budgetCategories.flatMap((category) => aliases[category].map((slug) => [slug, category] as const)),
);

/** The budget category an expense category slug counts towards, or null when none fits. */
export function budgetCategoryOf(expenseCategorySlug: string): BudgetCategory | null {
  const key = expenseCategorySlug.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  return bySlug.get(key) ?? null;
}
