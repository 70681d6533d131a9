// /api/organization/users: the Usuários screen — the organization's people, their roles and passwords.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles, type Role } from '../../domain/identity/roles';
import { businessDate } from '../../domain/shared/dates';
import { withTenant } from '../../app/db/tenant';
import type { AppDeps } from '../../app/deps';
import { createOrganizationUser, deleteOrganizationUser, resetUserPassword, updateOrganizationUser } from '../../app/identity/users';
import { notFound } from '../../domain/shared/errors';
import { listOrganizationUsers, organizationUserSort } from '../../projections/identity/admin-queries';
import { findOrganizationUser } from '../../projections/identity/queries';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';

const BOTH_REQUIRED = 'Nome de usuário e email são obrigatórios';
const messageResponse = z.object({ message: z.string() });
const idParams = z.object({ id: z.string().uuid('Usuário não encontrado') });

export const resetPasswordBody = z.object({ newPassword: z.string({ required_error: 'Nova senha obrigatória' }).min(1, 'Nova senha obrigatória') });
export const PASSWORD_RESET_DONE = 'A senha foi redefinida com sucesso';

export const tenantRole = z.enum(['org_admin', 'user', 'auditor'], { errorMap: () => ({ message: 'Perfil inválido: use org_admin, user ou auditor' }) });

/** An auditor's access window, both days included ('AAAA-MM-DD'); ignored for other roles. */
const windowDate = businessDate.nullable().optional();

export const userDetailsBody = z.object({
  username: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).max(80, 'Nome de usuário muito longo'),
  email: z.string({ required_error: BOTH_REQUIRED }).trim().min(1, BOTH_REQUIRED).pipe(z.string().email('Email inválido').max(254)),
  role: tenantRole.default('user'),
  auditValidFrom: windowDate,
  auditValidUntil: windowDate,
});

export const newUserBody = userDetailsBody.extend({
  // The length rule (6+) is the use case's, so its message is exactly the spec's.
  password: z.string({ required_error: 'Senha é obrigatória' }).min(1, 'Senha é obrigatória'),
});

export const organizationUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  auditValidFrom: z.string().nullable(),
  auditValidUntil: z.string().nullable(),
});

type OrganizationUserRow = {
  id: string; username: string; email: string; role: Role; created_at: string; last_login: string | null;
  audit_valid_from: string | null; audit_valid_until: string | null;
};

export const toOrganizationUser = (row: OrganizationUserRow) => ({
  id: row.id, username: row.username, email: row.email, role: row.role, createdAt: row.created_at, lastLogin: row.last_login,
  auditValidFrom: row.audit_valid_from, auditValidUntil: row.audit_valid_until,
});

/** The body's window as the use case takes it (undefined dates stay missing, so an auditor without them is refused). */
export const auditAccessOf = (body: { auditValidFrom?: string | null; auditValidUntil?: string | null }) =>
  body.auditValidFrom || body.auditValidUntil ? { validFrom: body.auditValidFrom ?? '', validUntil: body.auditValidUntil ?? '' } : null;

export const organizationUserRoutes = (deps: AppDeps): FastifyPluginAsyncZod => async (app) => {
  const tags = ['usuários da organização'];

  app.get('/organization/users', {
    schema: { tags, summary: 'Usuários da organização', querystring: listQuerySchema, response: { 200: z.array(organizationUser) } },
  }, async (request, reply) => {
    const auth = requireTenant(request);
    const params = parseListParams(request.query, { sortable: organizationUserSort, defaultSort: ['createdAt', 'ASC'] });
    const { rows, total } = await withTenant(deps.db, auth.organizationId, (tx) => listOrganizationUsers(tx, auth.organizationId, params, params.filter));
    return sendList(reply, 'users', rows.map(toOrganizationUser), total, params.offset);
  });

  app.get('/organization/users/:id', {
    schema: { tags, summary: 'Um usuário da organização', params: idParams, response: { 200: organizationUser, 404: messageResponse } },
  }, async (request) => {
    const auth = requireTenant(request);
    const row = await withTenant(deps.db, auth.organizationId, (tx) => findOrganizationUser(tx, auth.organizationId, request.params.id));
    if (!row) throw notFound('Usuário não encontrado');
    return toOrganizationUser(row);
  });

  app.post('/organization/users', {
    schema: { tags, summary: 'Criar usuário', body: newUserBody, response: { 201: organizationUser, 400: messageResponse, 403: messageResponse, 409: messageResponse } },
  }, async (request, reply) => {
    const auth = requireEditor(request);
    const created = await createOrganizationUser(deps, auth.organizationId, { ...request.body, auditAccess: auditAccessOf(request.body) }, actorContext(request, deps));
    reply.status(201);
    return toOrganizationUser(created);
  });

  app.put('/organization/users/:id', {
    schema: { tags, summary: 'Editar usuário (nome, email, perfil)', params: idParams, body: userDetailsBody, response: { 200: organizationUser, 400: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    const auth = requireEditor(request);
    return toOrganizationUser(await updateOrganizationUser(deps, auth.organizationId, request.params.id, { ...request.body, auditAccess: auditAccessOf(request.body) }, actorContext(request, deps)));
  });

  app.delete('/organization/users/:id', {
    schema: { tags, summary: 'Excluir usuário', params: idParams, response: { 200: organizationUser, 400: messageResponse, 404: messageResponse, 409: messageResponse } },
  }, async (request) => {
    const auth = requireEditor(request);
    return toOrganizationUser(await deleteOrganizationUser(deps, auth.organizationId, request.params.id, actorContext(request, deps)));
  });

  app.put('/organization/users/:id/reset-password', {
    schema: {
      tags, summary: 'Redefinir a senha de um usuário (encerra as sessões dele)', params: idParams,
      body: resetPasswordBody,
      response: { 200: messageResponse, 400: messageResponse, 404: messageResponse },
    },
  }, async (request) => {
    const auth = requireEditor(request);
    await resetUserPassword(deps, auth.organizationId, request.params.id, request.body.newPassword, actorContext(request, deps));
    return { message: PASSWORD_RESET_DONE };
  });
};
