// /api/admin/users: every user of the platform for the super admin — list, create, edit, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { createOrganizationUser, createPlatformAnalyst, removeUser, resetPasswordOf, updateUser } from '../../app/identity/users';
import { ANALYST_WITHOUT_ORGANIZATION, roleChangeRefusal, roles, roleSchema } from '../../domain/identity/roles';
import { notFound, validationError } from '../../domain/shared/errors';
import { adminUserSort, findAdminUser, listAdminUsers } from '../../projections/identity/admin-queries';
import { findActiveUser, findOrganization, findUserEvenDeleted, type UserRow } from '../../projections/identity/queries';
import { actorContext, requireSuperAdmin } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';
import { avatarUrl } from './auth';
import { auditAccessOf, newUserBody, PASSWORD_RESET_DONE, resetPasswordBody, userDetailsBody } from './organization-users';

const messageResponse = z.object({ message: z.string() });
const idParams = z.object({ id: z.string().uuid('Usuário não encontrado') });
const ORGANIZATION_REQUIRED = 'Organização é obrigatória';

/** A user of an organization (organizationId), or a platform analyst (role analyst, no organization). */
const adminNewUserBody = newUserBody.extend({
  organizationId: z.string().uuid('Organização não encontrada').nullish(),
  role: z.enum(['org_admin', 'user', 'auditor', 'analyst'], { errorMap: () => ({ message: 'Perfil inválido: use org_admin, user, auditor ou analyst' }) }).default('user'),
});
export const REMOVED_WITH_ORGANIZATION = 'Este usuário foi removido automaticamente quando sua organização foi excluída.';

export const adminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  avatar: z.string().nullable(),
});

type Row = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;
const toAdminUser = (row: Row) => ({
  id: row.id, username: row.username, email: row.email, role: row.role, organizationId: row.organization_id,
  organizationName: row.organization_name, lastLogin: row.last_login, createdAt: row.created_at, avatar: avatarUrl(row.avatar_ref),
});

export const adminUserRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['administração'];

  /** A live user, or 404 — saying so when they went away with their organization. */
  const liveUser = async (id: string) => {
    const row = await findAdminUser(deps.db, id);
    if (row) return row;
    const gone = await findUserEvenDeleted(deps.db, id);
    throw notFound(gone?.deleted_reason === 'organization_deleted' ? REMOVED_WITH_ORGANIZATION : 'Usuário não encontrado');
  };

  app.get('/admin/users', {
    schema: { tags, summary: 'Usuários de todas as organizações (super admin)', querystring: listQuerySchema, response: { 200: z.array(adminUser) } },
  }, async (request, reply) => {
    requireSuperAdmin(request);
    const params = parseListParams(request.query, { sortable: adminUserSort, defaultSort: ['createdAt', 'DESC'], tieBreaker: adminUserSort.id });
    const { rows, total } = await listAdminUsers(deps.db, params, params.filter);
    return sendList(reply, 'users', rows.map(toAdminUser), total, params.offset);
  });

  app.get('/admin/users/:id', {
    schema: { tags, summary: 'Um usuário', params: idParams, response: { 200: adminUser, 404: messageResponse } },
  }, async (request) => {
    requireSuperAdmin(request);
    return toAdminUser(await liveUser(request.params.id));
  });

  app.post('/admin/users', {
    schema: {
      tags, summary: 'Criar usuário numa organização, ou um analista da plataforma (perfil analyst, sem organização)', body: adminNewUserBody,
      response: { 201: adminUser, 400: messageResponse, 404: messageResponse, 409: messageResponse },
    },
  }, async (request, reply) => {
    requireSuperAdmin(request);
    const { organizationId, role, ...input } = request.body;
    const context = actorContext(request, deps);
    let created: UserRow;
    if (role === 'analyst') {
      if (organizationId) throw validationError(ANALYST_WITHOUT_ORGANIZATION, { organizationId: ANALYST_WITHOUT_ORGANIZATION });
      created = await createPlatformAnalyst(deps, { username: input.username, email: input.email, password: input.password }, context);
    } else {
      if (!organizationId) throw validationError(ORGANIZATION_REQUIRED, { organizationId: ORGANIZATION_REQUIRED });
      const org = await findOrganization(deps.db, organizationId);
      if (!org || org.deleted_at) throw notFound('Organização não encontrada');
      created = await createOrganizationUser(deps, organizationId, { ...input, role, auditAccess: auditAccessOf(input) }, context);
    }
    reply.status(201);
    return toAdminUser(await liveUser(created.id));
  });

  app.put('/admin/users/:id', {
    schema: { tags, summary: 'Editar usuário (nome, email, perfil)', params: idParams, body: userDetailsBody.extend({ role: roleSchema }), response: { 200: adminUser, 400: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    const auth = requireSuperAdmin(request);
    await liveUser(request.params.id);
    const target = await findActiveUser(deps.db, request.params.id);
    if (!target) throw notFound('Usuário não encontrado');
    // Platform roles (super admin, analyst) have no organization: nobody moves into or out of them.
    const refusal = roleChangeRefusal(target.role, request.body.role);
    if (refusal) throw validationError(refusal, { role: 'Perfil inválido' });
    if (target.id === auth.userId && request.body.role !== target.role) throw validationError('Você não pode alterar o seu próprio perfil de acesso');
    await updateUser(deps, target, { ...request.body, auditAccess: auditAccessOf(request.body) }, actorContext(request, deps));
    return toAdminUser(await liveUser(target.id));
  });

  app.put('/admin/users/:id/reset-password', {
    schema: {
      tags, summary: 'Redefinir a senha de qualquer usuário da plataforma (encerra as sessões dele)', params: idParams, body: resetPasswordBody,
      response: { 200: messageResponse, 400: messageResponse, 404: messageResponse },
    },
  }, async (request) => {
    requireSuperAdmin(request);
    const row = await liveUser(request.params.id);
    const target = await findActiveUser(deps.db, row.id);
    if (!target) throw notFound('Usuário não encontrado');
    await resetPasswordOf(deps, target, request.body.newPassword, actorContext(request, deps));
    return { message: PASSWORD_RESET_DONE };
  });

  app.delete('/admin/users/:id', {
    schema: { tags, summary: 'Excluir usuário', params: idParams, response: { 200: adminUser, 400: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    const auth = requireSuperAdmin(request);
    const row = await liveUser(request.params.id);
    if (row.id === auth.userId) throw validationError('Você não pode excluir o seu próprio usuário');
    const target = await findActiveUser(deps.db, row.id);
    if (!target) throw notFound('Usuário não encontrado');
    await removeUser(deps, target, 'removed', actorContext(request, deps));
    return toAdminUser(row);
  });
};
