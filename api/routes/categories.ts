// /api/categories: the organization's expense categories (the Despesas screen's category manager).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCategory, deleteCategory, updateCategory } from '../../app/finance/categories';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { CATEGORY_NOT_FOUND } from '../../domain/finance/category';
import { categoryFilter, categorySortable, findCategory, listCategories, type CategoryRow } from '../../projections/finance/category-queries';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { tenantRecordLoader } from '../plugins/tenant-record';
import { idParams, messageResponse, optionalText, recordId, requiredText } from './finance-fields';

const color = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida: use o formato #RRGGBB');

export const categoryBody = z.object({
  name: requiredText('Nome é obrigatório', 60),
  slug: optionalText(60),
  type: z.literal('expense', { errorMap: () => ({ message: "Tipo inválido: as categorias são do tipo 'expense'" }) }).optional(),
  description: optionalText(255),
  color: z.preprocess((v) => (v === '' ? undefined : v), color.optional()),
  isActive: z.boolean().optional(),
});

export const categoryChangesBody = categoryBody.partial();

export const categoryResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('expense'),
  description: z.string().nullable(),
  color: z.string(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export const toCategory = (row: CategoryRow): z.infer<typeof categoryResponse> => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  type: row.type,
  description: row.description,
  color: row.color,
  isActive: row.is_active,
  isDefault: row.is_default,
  createdAt: row.created_at,
});

export const categoryRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['categorias'];
  const load = tenantRecordLoader(deps.db, findCategory, CATEGORY_NOT_FOUND, toCategory);

  app.get('/categories', {
    schema: { tags, summary: 'Listar categorias de despesa (sort, range, filter: q, slug, isActive, isDefault, id)', querystring: listQuerySchema, response: { 200: z.array(categoryResponse), 400: messageResponse } },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, { sortable: categorySortable, defaultSort: ['name', 'ASC'] });
    const where = categoryFilter(organizationId, params.filter);
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listCategories(tx, where, params));
    return sendList(reply, 'categories', rows.map(toCategory), total, params.offset);
  });

  app.get('/categories/:id', {
    schema: { tags, summary: 'Uma categoria', params: idParams, response: { 200: categoryResponse, 404: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireTenant(request);
    return load(organizationId, recordId(request.params.id, CATEGORY_NOT_FOUND));
  });

  app.post('/categories', {
    schema: { tags, summary: 'Criar categoria (slug: o nome em minúsculas com hífens; cor padrão #6366f1)', body: categoryBody, response: { 201: categoryResponse, 400: messageResponse, 403: messageResponse, 409: messageResponse } },
  }, async (request, reply) => {
    const { organizationId } = requireEditor(request);
    const created = await createCategory(deps, request.body, actorContext(request, deps));
    reply.status(201);
    return load(organizationId, created.categoryId);
  });

  app.put('/categories/:id', {
    schema: { tags, summary: 'Atualizar categoria', params: idParams, body: categoryChangesBody, response: { 200: categoryResponse, 400: messageResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, CATEGORY_NOT_FOUND);
    await updateCategory(deps, id, request.body, actorContext(request, deps));
    return load(organizationId, id);
  });

  app.delete('/categories/:id', {
    schema: { tags, summary: 'Excluir categoria (nunca uma padrão ou em uso)', params: idParams, response: { 200: categoryResponse, 403: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    const { organizationId } = requireEditor(request);
    const id = recordId(request.params.id, CATEGORY_NOT_FOUND);
    const existing = await load(organizationId, id);
    await deleteCategory(deps, id, actorContext(request, deps));
    return existing;
  });
};
