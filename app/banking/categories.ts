// The category an imported transaction gets: auto-categorisation (domain/banking/categorize.ts)
// over what this organization taught it, landing on a category the organization can use.
import { categorizer, type LearnedRule, type OrgCategory } from '../../domain/banking/categorize';
import { validationError } from '../../domain/shared/errors';
import { learnedRules } from '../../projections/banking/queries';
import { allCategories } from '../../projections/finance/category-queries';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';

export type Categorizer = (description: string, signedAmount: bigint) => string;

/** Loads the organization's learned rules and active categories once for a whole batch. */
export async function categorizerFor(deps: AppDeps, organizationId: string, options: { auto: boolean }): Promise<Categorizer> {
  const { learned, categories } = await withTenant(deps.db, organizationId, async (tx) => ({
    learned: options.auto ? await learnedRules(tx, organizationId) : ([] as LearnedRule[]),
    categories: (await allCategories(tx, organizationId)).filter((c) => c.is_active).map((c): OrgCategory => ({ slug: c.slug, name: c.name })),
  }));
  const usable = (slug: string): string => {
    if (categories.some((c) => c.slug === slug)) return slug;
    const fallback = categories.find((c) => c.slug === 'operational') ?? categories[0];
    if (!fallback) throw validationError('A organização não tem categorias de despesa ativas; crie uma antes de importar.');
    return fallback.slug;
  };
  const categorize = categorizer({ learned, expenseCategories: categories });
  return (description, signedAmount) => {
    const kind = signedAmount < 0n ? 'expense' : 'revenue';
    if (!options.auto) return kind === 'expense' ? usable('operational') : 'other';
    const { category } = categorize(description, kind);
    return kind === 'expense' ? usable(category) : category;
  };
}
