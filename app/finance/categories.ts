// Expense category use cases: create, update, delete (never a default one or one in use), the
// defaults every organization starts with, and the category an imported expense should get.
import { sql } from 'slonik';
import { v5 as uuidv5 } from 'uuid';
import { z } from 'zod';
import { asPlatform } from '../db/platform';
import {
  category, categorySlug, DEFAULT_CATEGORY_COLOR, defaultCategories, type Category, type CategoryChanges,
} from '../../domain/finance/category';
import { budgetCategoryOf } from '../../domain/finance/budget-categories';
import { conflict, DomainError, notFound, validationError } from '../../domain/shared/errors';
import { allCategories, findCategoryBySlug } from '../../projections/finance/category-queries';
import { CATEGORIES_PROJECTOR } from '../../projections/finance/categories';
import type { ReadModelChanges } from '../../projections/runner';
import { countExpensesInCategory } from '../../projections/finance/expense-queries';
import { handleCommand, loadState } from '../commands/handle-command';
import { systemContext, type ActorContext } from '../context';
import { organizationReads, type OrganizationReads } from '../db/organization-reads';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { streamName } from '../eventstore/port';
import { newId } from '../ids';
import { releaseKey, reserveKey } from '../identity/unique-keys';
import { tenantOf } from './tenant';

export const categoryStream = (id: string) => streamName('category', id);

const slugKey = (organizationId: string, slug: string) => `${organizationId}:${slug}`;

/** Default categories get ids derived from organization and slug, so creating them twice is a no-op. */
const DEFAULT_CATEGORY_NAMESPACE = '7b0e5c1e-2d4f-4f0b-9a51-5f0f3c7d2a10';
export const defaultCategoryId = (organizationId: string, slug: string) => uuidv5(`${organizationId}:${slug}`, DEFAULT_CATEGORY_NAMESPACE);

export type CategoryInput = { name: string; slug?: string | null; description?: string | null; color?: string | null; isActive?: boolean };

function expensesUsing(deps: AppDeps, organizationId: string, slug: string): Promise<number> {
  return withTenant(deps.db, organizationId, (tx) => countExpensesInCategory(tx, organizationId, slug));
}

async function createWithSlug(deps: AppDeps, data: Category, context: ActorContext): Promise<bigint | null> {
  await reserveKey(deps.db, 'expense_category_slug', slugKey(data.organizationId, data.slug), data.categoryId);
  try {
    const result = await handleCommand(deps.eventStore, categoryStream(data.categoryId), category, { type: 'CreateCategory', data }, context);
    return result.position;
  } catch (error) {
    await releaseKey(deps.db, 'expense_category_slug', slugKey(data.organizationId, data.slug), data.categoryId);
    throw error;
  }
}

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

const DUPLICATE_CATEGORY_NAME = 'Já existe uma categoria com este nome nesta organização';

/**
 * Two categories of one name (accents and case aside) cannot be told apart in any list, filter or
 * chart: a default's slug is English ('suppliers'), so the slug's own uniqueness lets a hand-made
 * 'Fornecedores' through beside it.
 */
async function assertNameFree(deps: AppDeps, organizationId: string, name: string, exceptId?: string): Promise<void> {
  const wanted = fold(name);
  const existing = await withTenant(deps.db, organizationId, (tx) => allCategories(tx, organizationId));
  if (existing.some((c) => c.id !== exceptId && fold(c.name) === wanted)) throw conflict(DUPLICATE_CATEGORY_NAME);
}

export async function createCategory(deps: AppDeps, input: CategoryInput, context: ActorContext): Promise<Category> {
  const organizationId = tenantOf(context);
  const categoryId = newId();
  const slug = categorySlug(input.slug?.trim() || input.name);
  if (!input.name.trim()) throw validationError('Nome é obrigatório', { name: 'Nome é obrigatório' });
  await assertNameFree(deps, organizationId, input.name);
  const data: Category = {
    categoryId, organizationId, name: input.name, slug, type: 'expense', description: input.description ?? null,
    color: input.color || DEFAULT_CATEGORY_COLOR, isActive: input.isActive ?? true, isDefault: false,
  };
  const position = await createWithSlug(deps, data, context);
  await deps.waitForProjections(position);
  const state = await loadState(deps.eventStore, categoryStream(categoryId), category);
  if (state.kind !== 'active') throw notFound('Categoria não encontrada');
  return state.category;
}

export async function updateCategory(deps: AppDeps, categoryId: string, input: Partial<CategoryInput>, context: ActorContext): Promise<Category> {
  const organizationId = tenantOf(context);
  const state = await loadState(deps.eventStore, categoryStream(categoryId), category);
  if (state.kind !== 'active' || state.category.organizationId !== organizationId) throw notFound('Categoria não encontrada');
  const current = state.category;
  const changes: CategoryChanges = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.color !== undefined && input.color !== null ? { color: input.color } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    ...(input.slug ? { slug: categorySlug(input.slug) } : {}),
  };
  if (changes.name !== undefined && fold(changes.name) !== fold(current.name)) await assertNameFree(deps, organizationId, changes.name, categoryId);
  const newSlug = changes.slug && changes.slug !== current.slug ? changes.slug : null;
  const expensesUsingIt = await expensesUsing(deps, organizationId, current.slug);
  if (newSlug) await reserveKey(deps.db, 'expense_category_slug', slugKey(organizationId, newSlug), categoryId);
  try {
    const result = await handleCommand(deps.eventStore, categoryStream(categoryId), category, {
      type: 'UpdateCategory', data: { organizationId, changes, expensesUsingIt },
    }, context);
    await deps.waitForProjections(result.position);
  } catch (error) {
    if (newSlug) await releaseKey(deps.db, 'expense_category_slug', slugKey(organizationId, newSlug), categoryId);
    throw error;
  }
  if (newSlug) await releaseKey(deps.db, 'expense_category_slug', slugKey(organizationId, current.slug), categoryId);
  const after = await loadState(deps.eventStore, categoryStream(categoryId), category);
  return after.kind === 'active' ? after.category : current;
}

export async function deleteCategory(deps: AppDeps, categoryId: string, context: ActorContext): Promise<Category> {
  const organizationId = tenantOf(context);
  const state = await loadState(deps.eventStore, categoryStream(categoryId), category);
  if (state.kind !== 'active' || state.category.organizationId !== organizationId) throw notFound('Categoria não encontrada');
  const expensesUsingIt = await expensesUsing(deps, organizationId, state.category.slug);
  const result = await handleCommand(deps.eventStore, categoryStream(categoryId), category, {
    type: 'DeleteCategory', data: { organizationId, expensesUsingIt },
  }, context);
  await releaseKey(deps.db, 'expense_category_slug', slugKey(organizationId, state.category.slug), categoryId);
  await deps.waitForProjections(result.position);
  return state.category;
}

/**
 * Creates the spec's default categories for a new organization (an organization setup step).
 * Deterministic ids make it safe to run again. Answers the last position written.
 */
export async function createDefaultCategories(deps: AppDeps, organizationId: string, context: ActorContext): Promise<bigint | null> {
  let position: bigint | null = null;
  for (const d of defaultCategories) {
    const written = await createWithSlug(deps, {
      categoryId: defaultCategoryId(organizationId, d.slug), organizationId, name: d.name, slug: d.slug, type: 'expense',
      description: d.description, color: d.color, isActive: true, isDefault: true,
    }, { ...context, organizationId });
    position = written ?? position;
  }
  return position;
}

type DefaultCategory = { slug: string; name: string; color: string; description: string };

/**
 * Organizations registered before a default category existed get it now, through the same event a
 * new organization's defaults are written with (stored events are never rewritten). A default is
 * left out where the organization already has a category of its own for it (same budget category
 * or same name, e.g. a hand-made 'Impostos'). Safe to run at every start: ids are deterministic.
 * Answers how many categories it added.
 */
export async function addMissingDefaultCategories(deps: AppDeps, defaults: readonly DefaultCategory[] = defaultCategories): Promise<number> {
  const organizations = await asPlatform(deps.db, (tx) => tx.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM organizations WHERE deleted_at IS NULL ORDER BY created_at`));
  let added = 0;
  let position: bigint | null = null;
  for (const organizationId of organizations) {
    const existing = await withTenant(deps.db, organizationId, (tx) => allCategories(tx, organizationId));
    const ids = new Set(existing.map((c) => c.id));
    const budgetCategories = new Set(existing.map((c) => budgetCategoryOf(c.slug)).filter(Boolean));
    const names = new Set(existing.map((c) => fold(c.name)));
    for (const d of defaults) {
      const categoryId = defaultCategoryId(organizationId, d.slug);
      if (ids.has(categoryId) || budgetCategories.has(budgetCategoryOf(d.slug)) || names.has(fold(d.name))) continue;
      try {
        position = (await createWithSlug(deps, {
          categoryId, organizationId, name: d.name, slug: d.slug, type: 'expense', description: d.description, color: d.color, isActive: true, isDefault: true,
        }, systemContext(deps.clock(), organizationId))) ?? position;
        added += 1;
      } catch (error) {
        // The slug is someone else's category: the organization keeps its own.
        if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
      }
    }
  }
  await deps.waitForProjections(position);
  return added;
}

type Usable = { is_active: boolean } | null;
const usableReads = new WeakMap<ReadModelChanges, OrganizationReads<Usable>>();

/** Whether a slug names an active category: reused between writes while the categories projection changed nothing (app/db/organization-reads.ts). */
function usableCategory(deps: AppDeps, organizationId: string, slug: string): Promise<Usable> {
  const load = async (): Promise<Usable> => {
    const row = await withTenant(deps.db, organizationId, (tx) => findCategoryBySlug(tx, organizationId, slug));
    return row && { is_active: row.is_active };
  };
  if (!deps.readModels) return load();
  let reads = usableReads.get(deps.readModels);
  if (!reads) usableReads.set(deps.readModels, (reads = organizationReads<Usable>(deps.readModels, [CATEGORIES_PROJECTOR])));
  return reads.read(organizationId, slug, load);
}

/** The slug an expense may use, or a validation error: it must be one of the organization's active categories. */
export async function assertUsableCategory(deps: AppDeps, organizationId: string, slug: string): Promise<void> {
  const found = await usableCategory(deps, organizationId, slug.trim());
  if (!found) throw validationError('Categoria não encontrada: escolha uma das categorias da organização', { category: 'Categoria não encontrada' });
  if (!found.is_active) throw validationError('Esta categoria está desativada: escolha outra categoria', { category: 'Categoria desativada' });
}

/**
 * For imports (OFX, bank sync): the organization's active category matching `hint` by slug or
 * name (accents and case ignored), else its 'operational' default, else its first active one.
 */
export async function resolveExpenseCategory(deps: AppDeps, organizationId: string, hint: string | null | undefined): Promise<string> {
  const rows = (await withTenant(deps.db, organizationId, (tx) => allCategories(tx, organizationId))).filter((c) => c.is_active);
  const wanted = hint ? fold(hint) : '';
  const match = wanted ? rows.find((c) => fold(c.slug) === wanted || fold(c.name) === wanted || fold(c.slug) === categorySlug(wanted)) : undefined;
  const chosen = match ?? rows.find((c) => c.slug === 'operational') ?? rows[0];
  if (!chosen) throw validationError('A organização não tem categorias de despesa ativas');
  return chosen.slug;
}
