import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../test-support/decider-spec';
import { category, categorySlug, DEFAULT_CATEGORY_COLOR, defaultCategories, type Category, type CategoryEvent } from './category';

const given = deciderSpec(category);
const ORG = '0190a000-0000-7000-8000-000000000001';
const OTHER_ORG = '0190a000-0000-7000-8000-000000000002';
const ID = '0190a000-0000-7000-8000-0000000000c1';

const viagens = (overrides: Partial<Category> = {}): Category => ({
  categoryId: ID,
  organizationId: ORG,
  name: 'Viagens a trabalho',
  slug: 'viagens-a-trabalho',
  type: 'expense',
  description: null,
  color: DEFAULT_CATEGORY_COLOR,
  isActive: true,
  isDefault: false,
  ...overrides,
});
const created = (overrides: Partial<Category> = {}): CategoryEvent => ({ type: 'CategoryCreated', data: viagens(overrides) });
const updated = (overrides: Partial<Category> = {}): CategoryEvent => ({ type: 'CategoryUpdated', data: viagens(overrides) });
const update = (changes: Partial<Category>, expensesUsingIt = 0, organizationId = ORG) => ({
  type: 'UpdateCategory' as const, data: { organizationId, changes, expensesUsingIt },
});
const remove = (expensesUsingIt = 0, organizationId = ORG) => ({ type: 'DeleteCategory' as const, data: { organizationId, expensesUsingIt } });

describe('category slug', () => {
  it('is the name lowercased with spaces to hyphens', () => {
    expect(categorySlug('Viagens a Trabalho')).toBe('viagens-a-trabalho');
    expect(categorySlug('  Material   de Limpeza ')).toBe('material-de-limpeza');
    expect(categorySlug('Alimentação')).toBe('alimentação');
  });

  it('the defaults are the spec\'s fallback list, then the rest of the nine budget categories', () => {
    expect(defaultCategories.map((c) => c.slug)).toEqual(['operational', 'administrative', 'marketing', 'technology', 'hr', 'sales', 'suppliers', 'taxes', 'investment']);
  });
});

describe('Category', () => {
  it('creates a category, deriving the slug from the name and the default colour', () => {
    given([]).when({ type: 'CreateCategory', data: viagens({ slug: '', color: '' }) }).then([created()]);
  });

  it('requires a name and a #RRGGBB colour', () => {
    given([]).when({ type: 'CreateCategory', data: viagens({ name: '  ' , slug: '' }) }).thenThrows('validation', 'Nome é obrigatório');
    given([]).when({ type: 'CreateCategory', data: viagens({ color: 'azul' }) }).thenThrows('validation', 'Cor inválida: use o formato #RRGGBB');
  });

  it('creates an id only once (default categories have deterministic ids)', () => {
    given([created()]).when({ type: 'CreateCategory', data: viagens({ name: 'Outra' }) }).then([]);
  });

  it('updates name, colour, description and the active flag', () => {
    given([created()]).when(update({ name: 'Viagens', color: '#FF0000', isActive: false, description: 'Passagens e hotéis' }, 3))
      .then([updated({ name: 'Viagens', color: '#ff0000', isActive: false, description: 'Passagens e hotéis' })]);
  });

  it('records nothing when nothing changes', () => {
    given([created()]).when(update({ name: 'Viagens a trabalho' })).then([]);
  });

  it('changes the slug only while no expense uses it, and never for a default category', () => {
    given([created()]).when(update({ slug: 'viagens' })).then([updated({ slug: 'viagens' })]);
    given([created()]).when(update({ slug: 'viagens' }, 2)).thenThrows('conflict', /sendo usada por 2 despesas/);
    given([created({ isDefault: true })]).when(update({ slug: 'viagens' })).thenThrows('conflict', 'O slug de uma categoria padrão não pode ser alterado.');
  });

  it('deletes a category nobody uses', () => {
    given([created()]).when(remove()).then([{ type: 'CategoryDeleted', data: { categoryId: ID, organizationId: ORG } }]);
  });

  it('refuses to delete a default category', () => {
    given([created({ isDefault: true })]).when(remove()).thenThrows('conflict', 'Categorias padrão não podem ser excluídas.');
  });

  it('refuses to delete a category in use, saying how many expenses use it', () => {
    given([created()]).when(remove(1)).thenThrows('conflict',
      'Esta categoria não pode ser excluída porque está sendo usada por 1 despesa. Altere a categoria dessas despesas ou desative a categoria.');
  });

  it('answers not found for a missing, deleted or other tenant\'s category', () => {
    given([]).when(remove()).thenThrows('not_found', 'Categoria não encontrada');
    given([created(), { type: 'CategoryDeleted', data: { categoryId: ID, organizationId: ORG } }]).when(update({ name: 'X' })).thenThrows('not_found');
    given([created()]).when(remove(0, OTHER_ORG)).thenThrows('not_found');
    given([created()]).when(update({ name: 'X' }, 0, OTHER_ORG)).thenThrows('not_found');
  });
});
