// /api/ai-insights: the organization's current insights, a full analysis that replaces them, and the
// automatic analysis that only looks for risk patterns and returns the new alerts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app/deps';
import { withTenant } from '../../app/db/tenant';
import { autoGenerateInsights, generateInsights } from '../../app/insights/insights';
import { rephraserFromEnv, type Rephraser } from '../../app/insights/rephrase';
import { insightPriorities, insightTypes, type Insight } from '../../domain/insights/insight';
import { insightFilter, insightSortable, listInsights, type InsightRow } from '../../projections/insights/queries';
import { actorContext, requireEditor, requireTenant } from '../plugins/auth';
import { listQuerySchema, parseListParams, sendList } from '../plugins/list';

export const insightResponse = z.object({
  id: z.string(),
  type: z.enum(insightTypes),
  title: z.string(),
  content: z.string(),
  priority: z.enum(insightPriorities),
  createdAt: z.string(),
  origin: z.enum(['analysis', 'auto']),
  rule: z.string(),
});
type InsightResponse = z.infer<typeof insightResponse>;

const fromRow = (row: InsightRow): InsightResponse => ({
  id: row.id, type: row.type, title: row.title, content: row.content, priority: row.priority, createdAt: row.created_at, origin: row.origin, rule: row.rule,
});
const fromEvent = (i: Insight): InsightResponse => ({
  id: i.insightId, type: i.type, title: i.title, content: i.content, priority: i.priority, createdAt: i.createdAt, origin: i.origin, rule: i.rule,
});

export const aiInsightRoutes = (deps: AppDeps, options: { rephrase?: Rephraser | null } = {}): FastifyPluginAsyncZod => async (app) => {
  const tags = ['insights'];
  const rephrase = options.rephrase === undefined ? rephraserFromEnv() : options.rephrase;

  app.get('/ai-insights', {
    schema: {
      tags,
      summary: 'Insights atuais da organização: prioridade alta primeiro, depois os mais recentes (sort, range, filter: type, priority)',
      querystring: listQuerySchema,
      response: { 200: z.array(insightResponse) },
    },
  }, async (request, reply) => {
    const { organizationId } = requireTenant(request);
    const params = parseListParams(request.query, { sortable: insightSortable, defaultSort: ['priority', 'ASC'] });
    const { rows, total } = await withTenant(deps.db, organizationId, (tx) => listInsights(tx, organizationId, {
      orderBy: request.query.sort ? params.orderBy : undefined, filter: insightFilter(params.filter), limit: params.limit, offset: params.offset,
    }));
    return sendList(reply, 'ai-insights', rows.map(fromRow), total, params.offset);
  });

  app.post('/ai-insights/generate', {
    schema: {
      tags,
      summary: 'Nova análise completa dos dados financeiros; substitui os insights atuais e devolve a nova lista',
      description: 'Determinística: os mesmos dados no mesmo dia dão os mesmos insights (e nada é regravado). Cada texto traz os números que o justificam.',
      response: { 200: z.array(insightResponse) },
    },
  }, async (request) => {
    requireEditor(request);
    return (await generateInsights(deps, actorContext(request, deps), { rephrase })).map(fromEvent);
  });

  app.post('/ai-insights/auto-generate', {
    schema: {
      tags,
      summary: 'Análise automática de padrões de risco; devolve só os alertas novos (lista vazia quando não há nenhum)',
      description: 'Gastos atípicos, orçamentos em risco, fluxo de caixa negativo previsto e receitas em atraso. Alertas de prioridade alta viram notificações.',
      response: { 200: z.array(insightResponse) },
    },
  }, async (request) => {
    requireEditor(request);
    return (await autoGenerateInsights(deps, actorContext(request, deps), { rephrase })).map(fromEvent);
  });
};
