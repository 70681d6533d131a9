// The organization's expense categories for choices and labels; the spec's fallback list when none exist.
import { useGetList } from 'react-admin';

export interface Category {
  id: string;
  name: string;
  slug: string;
  type: 'expense';
  description: string | null;
  color: string;
  isActive: boolean;
  isDefault: boolean;
}

export const DEFAULT_COLOR = '#6366f1';

/** Spec §9: the expense categories used when the organization has none. */
const FALLBACK: Category[] = [
  ['operational', 'Operacional'],
  ['administrative', 'Administrativo'],
  ['marketing', 'Marketing'],
  ['technology', 'Tecnologia'],
  ['hr', 'RH'],
].map(([slug, name]) => ({ id: slug, slug, name, type: 'expense', description: null, color: DEFAULT_COLOR, isActive: true, isDefault: true }));

export const useCategories = () => {
  const { data, isPending } = useGetList<Category>('categories', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const categories = !isPending && data && data.length === 0 ? FALLBACK : (data ?? []);
  const bySlug = new Map(categories.map((category) => [category.slug, category]));
  return {
    categories,
    isPending,
    /** Choices for a select: active categories, plus `keep` (the record's own) even if inactive. */
    choices: (keep?: string) =>
      categories.filter((c) => c.isActive || c.slug === keep).map((c) => ({ id: c.slug, name: c.name })),
    nameOf: (slug: string) => bySlug.get(slug)?.name ?? slug,
    colorOf: (slug: string) => bySlug.get(slug)?.color ?? DEFAULT_COLOR,
  };
};
