// The expense Category aggregate: the organization's own names (and colours) for what it spends on.
import { z } from 'zod';
import { match } from 'ts-pattern';
import type { Decider, EventsOf } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/errors';

export const DEFAULT_CATEGORY_COLOR = '#6366f1';

/**
 * Created with every organization; they cannot be deleted. The spec's fallback list first, then the
 * rest of the nine budget categories (Vendas, Fornecedores, Impostos, Investimento), so a budget of
 * any of them has expenses to count — Brazilian companies pay DAS, DARF and ISS every month.
 */
export const defaultCategories = [
  { slug: 'operational', name: 'Operacional', color: '#6366f1', description: 'Custos do dia a dia da operação' },
  { slug: 'administrative', name: 'Administrativo', color: '#0ea5e9', description: 'Aluguel, contas e despesas de escritório' },
  { slug: 'marketing', name: 'Marketing', color: '#f59e0b', description: 'Publicidade, campanhas e divulgação' },
  { slug: 'technology', name: 'Tecnologia', color: '#10b981', description: 'Software, equipamentos e internet' },
  { slug: 'hr', name: 'RH', color: '#ec4899', description: 'Salários, benefícios e encargos' },
  { slug: 'sales', name: 'Vendas', color: '#ef4444', description: 'Comissões, fretes de venda e custos comerciais' },
  { slug: 'suppliers', name: 'Fornecedores', color: '#8b5cf6', description: 'Compras de mercadorias e insumos' },
  { slug: 'taxes', name: 'Impostos', color: '#14b8a6', description: 'DAS, DARF, ISS, ICMS e outros tributos' },
  { slug: 'investment', name: 'Investimento', color: '#f97316', description: 'Máquinas, obras e melhorias' },
] as const;

/** The spec's slug rule: the name lowercased, spaces to hyphens. */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

const categoryData = z.object({
  categoryId: z.string(),
  organizationId: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('expense'),
  description: z.string().nullable(),
  color: z.string(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
});
export type Category = z.output<typeof categoryData>;

export const categoryEvents = {
  CategoryCreated: categoryData,
  CategoryUpdated: categoryData,
  CategoryDeleted: z.object({ categoryId: z.string(), organizationId: z.string() }),
};
export type CategoryEvent = EventsOf<typeof categoryEvents>;

export type CategoryChanges = Partial<Pick<Category, 'name' | 'slug' | 'description' | 'color' | 'isActive'>>;

export type CategoryCommand =
  | { type: 'CreateCategory'; data: Category }
  /** `expensesUsingIt`: how many expenses carry the category's slug now (read by the caller). */
  | { type: 'UpdateCategory'; data: { organizationId: string; changes: CategoryChanges; expensesUsingIt: number } }
  | { type: 'DeleteCategory'; data: { organizationId: string; expensesUsingIt: number } };

export type CategoryState = { kind: 'none' } | { kind: 'active'; category: Category } | { kind: 'deleted'; category: Category };

export const CATEGORY_NOT_FOUND = 'Categoria não encontrada';
export const DEFAULT_CATEGORY_UNDELETABLE = 'Categorias padrão não podem ser excluídas.';

export const categoryInUse = (count: number) =>
  `Esta categoria não pode ser excluída porque está sendo usada por ${count} ${count === 1 ? 'despesa' : 'despesas'}. ` +
  'Altere a categoria dessas despesas ou desative a categoria.';

function requireActive(state: CategoryState, organizationId: string): Category {
  if (state.kind !== 'active' || state.category.organizationId !== organizationId) throw notFound(CATEGORY_NOT_FOUND);
  return state.category;
}

const invalid = (field: string, message: string) => validationError(message, { [field]: message });

function assertValid(category: Category): Category {
  const name = category.name.trim().replace(/\s+/g, ' ');
  if (!name) throw invalid('name', 'Nome é obrigatório');
  if (name.length > 60) throw invalid('name', 'O nome deve ter no máximo 60 caracteres');
  const slug = categorySlug(category.slug || name);
  if (!slug) throw invalid('slug', 'Slug é obrigatório');
  const color = category.color.trim().toLowerCase() || DEFAULT_CATEGORY_COLOR;
  if (!/^#[0-9a-f]{6}$/.test(color)) throw invalid('color', 'Cor inválida: use o formato #RRGGBB');
  const description = category.description?.trim() || null;
  if (description && description.length > 255) throw invalid('description', 'A descrição deve ter no máximo 255 caracteres');
  return { ...category, name, slug, color, description };
}

const sameCategory = (a: Category, b: Category) =>
  a.name === b.name && a.slug === b.slug && a.description === b.description && a.color === b.color && a.isActive === b.isActive;

export const category: Decider<CategoryState, CategoryCommand, CategoryEvent> = {
  initialState: () => ({ kind: 'none' }),
  evolve: (state, event) =>
    match(event)
      .with({ type: 'CategoryCreated' }, { type: 'CategoryUpdated' }, ({ data }): CategoryState => ({ kind: 'active', category: data }))
      .with({ type: 'CategoryDeleted' }, (): CategoryState => (state.kind === 'none' ? state : { kind: 'deleted', category: state.category }))
      .exhaustive(),
  decide: (command, state) =>
    match(command)
      // Idempotent per id, so an organization's default categories (deterministic ids) are created once.
      .with({ type: 'CreateCategory' }, ({ data }): CategoryEvent[] =>
        state.kind !== 'none' ? [] : [{ type: 'CategoryCreated', data: assertValid(data) }])
      .with({ type: 'UpdateCategory' }, ({ data }): CategoryEvent[] => {
        const current = requireActive(state, data.organizationId);
        const next = assertValid({ ...current, ...data.changes });
        if (next.slug !== current.slug) {
          // Expenses refer to their category by slug: renaming it would orphan them.
          if (current.isDefault) throw conflict('O slug de uma categoria padrão não pode ser alterado.');
          if (data.expensesUsingIt > 0) {
            throw conflict(`O slug desta categoria não pode ser alterado porque ela está sendo usada por ${data.expensesUsingIt} ${data.expensesUsingIt === 1 ? 'despesa' : 'despesas'}.`);
          }
        }
        return sameCategory(current, next) ? [] : [{ type: 'CategoryUpdated', data: next }];
      })
      .with({ type: 'DeleteCategory' }, ({ data }): CategoryEvent[] => {
        const current = requireActive(state, data.organizationId);
        if (current.isDefault) throw conflict(DEFAULT_CATEGORY_UNDELETABLE);
        if (data.expensesUsingIt > 0) throw conflict(categoryInUse(data.expensesUsingIt));
        return [{ type: 'CategoryDeleted', data: { categoryId: current.categoryId, organizationId: current.organizationId } }];
      })
      .exhaustive(),
};
