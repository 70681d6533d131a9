// /api/admin/organizations: the super admin's tenants — list with stats, create, edit, status, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { createOrganization, deleteOrganization, updateOrganization } from '../../app/identity/organizations';
import { organizationStatuses } from '../../domain/identity/organization';
import { notFound } from '../../domain/shared/errors';
import { formatMoney } from '../../domain/shared/money';
import { adminOrganizationSort, findAdminOrganization, listAdminOrganizations } from '../../projections/identity/admin-queries';
import { actorContext, requireSuperAdmin } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';

const BOTH_REQUIRED = 'Nome e slug são obrigatórios';
const messageResponse = z.object({ message: z.string() });
const idParams = z.object({ id: z.string().uuid('Organização não encontrada') });

export const organizationBody = z.object({
  name: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).max(120, 'Nome da organização muito longo'),
  slug: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).max(60, 'Slug muito longo'),
  status: z.enum(organizationStatuses, { errorMap: () => ({ message: 'Status inválido: use active, inactive ou suspended' }) }).optional(),
});

export const adminOrganization = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(organizationStatuses),
  userCount: z.number(),
  /** Sum of the organization's revenues that are not cancelled, "1234.50". */
  revenue: z.string(),
  createdAt: z.string(),
});

type Row = NonNullable<Awaited<ReturnType<typeof findAdminOrganization>>>;
const toAdminOrganization = (row: Row) => ({
  id: row.id, name: row.name, slug: row.slug, status: row.status, userCount: row.user_count, revenue: formatMoney(row.revenue), createdAt: row.created_at,
});

export const adminOrganizationRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['administração'];
  const found = async (id: string) => {
    const row = await findAdminOrganization(deps.db, id);
    if (!row) throw notFound('Organização não encontrada');
    return toAdminOrganization(row);
  };

  app.get('/admin/organizations', {
    schema: { tags, summary: 'Organizações (super admin)', querystring: listQuerySchema, response: { 200: z.array(adminOrganization) } },
  }, async (request, reply) => {
    requireSuperAdmin(request);
    const params = parseListParams(request.query, { sortable: adminOrganizationSort, defaultSort: ['createdAt', 'DESC'], tieBreaker: adminOrganizationSort.id });
    const { rows, total } = await listAdminOrganizations(deps.db, params, params.filter);
    return sendList(reply, 'organizations', rows.map(toAdminOrganization), total, params.offset);
  });

  app.get('/admin/organizations/:id', {
    schema: { tags, summary: 'Uma organização', params: idParams, response: { 200: adminOrganization, 404: messageResponse } },
  }, async (request) => {
    requireSuperAdmin(request);
    return found(request.params.id);
  });

  app.post('/admin/organizations', {
    schema: { tags, summary: 'Criar organização', body: organizationBody, response: { 201: adminOrganization, 400: messageResponse, 409: messageResponse } },
  }, async (request, reply) => {
    requireSuperAdmin(request);
    const created = await createOrganization(deps, request.body, actorContext(request, deps));
    if (request.body.status && request.body.status !== 'active') await updateOrganization(deps, created.id, { ...request.body }, actorContext(request, deps));
    reply.status(201);
    return found(created.id);
  });

  app.put('/admin/organizations/:id', {
    schema: { tags, summary: 'Editar organização (nome, slug, status)', params: idParams, body: organizationBody, response: { 200: adminOrganization, 400: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    requireSuperAdmin(request);
    await updateOrganization(deps, request.params.id, request.body, actorContext(request, deps));
    return found(request.params.id);
  });

  app.delete('/admin/organizations/:id', {
    schema: { tags, summary: 'Excluir organização (remove o acesso dos seus usuários; o histórico fica)', params: idParams, response: { 200: adminOrganization, 404: messageResponse } },
  }, async (request) => {
    requireSuperAdmin(request);
    const before = await found(request.params.id);
    await deleteOrganization(deps, request.params.id, actorContext(request, deps));
    return before;
  });
};
