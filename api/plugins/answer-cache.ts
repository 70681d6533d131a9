// The hottest tenant reads (dashboard figures, charts, first pages of lists) are answered again
// from the bytes sent last time, until the projection runner announces that the organization's
// read models changed (projections/runner.ts ReadModelChanges: right after each commit, before a
// write's read-your-writes wait resolves). A route opts in with `config: { answerCache: true }`;
// its answer must depend only on the organization, the URL and the São Paulo date.
//
// Correctness rests on two rules: an answer is stored only if no change for its organization was
// announced while it was computed (generation check), and nothing is cached or served while the
// announcements may be incomplete (this process is not the projection leader).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps';
import { saoPauloDate } from '../../domain/shared/dates';
import type { ReadModelChange, ReadModelChanges } from '../../projections/runner';

declare module 'fastify' {
  interface FastifyContextConfig {
    answerCache?: boolean;
  }
  interface FastifyRequest {
    pendingAnswer: PendingAnswer | null;
  }
}

type PendingAnswer = { organizationId: string; key: string; generation: number };
type Answer = { body: string; headers: [string, string][] };

/** Headers that belong to the answer itself (the others are set per request by other hooks). */
const ANSWER_HEADERS = ['content-type', 'content-range', 'etag', 'access-control-expose-headers'];

export type AnswerCacheOptions = { maxBytes?: number; maxAnswerBytes?: number };

export class AnswerStore {
  private readonly byOrganization = new Map<string, Map<string, Answer>>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private bytes = 0;
  /** Least recently used first: `${organizationId} ${key}`. */
  private readonly recency = new Set<string>();

  constructor(private readonly maxBytes: number, readonly maxAnswerBytes: number) {}

  generation(organizationId: string): number {
    return this.epoch * 2 ** 32 + (this.generations.get(organizationId) ?? 0);
  }

  get(organizationId: string, key: string): Answer | undefined {
    const answer = this.byOrganization.get(organizationId)?.get(key);
    if (answer) {
      const id = `${organizationId} ${key}`;
      this.recency.delete(id);
      this.recency.add(id);
    }
    return answer;
  }

  set(pending: PendingAnswer, answer: Answer): void {
    if (this.generation(pending.organizationId) !== pending.generation) return;
    const size = answer.body.length;
    if (size > this.maxAnswerBytes) return;
    this.delete(pending.organizationId, pending.key);
    let answers = this.byOrganization.get(pending.organizationId);
    if (!answers) this.byOrganization.set(pending.organizationId, (answers = new Map()));
    answers.set(pending.key, answer);
    this.recency.add(`${pending.organizationId} ${pending.key}`);
    this.bytes += size;
    for (const id of this.recency) {
      if (this.bytes <= this.maxBytes) break;
      const space = id.indexOf(' ');
      this.delete(id.slice(0, space), id.slice(space + 1));
    }
  }

  changed(change: ReadModelChange): void {
    if (change === 'all') {
      this.epoch += 1;
      this.generations.clear();
      this.byOrganization.clear();
      this.recency.clear();
      this.bytes = 0;
      return;
    }
    for (const organizationId of change.organizations) {
      this.generations.set(organizationId, (this.generations.get(organizationId) ?? 0) + 1);
      for (const key of [...(this.byOrganization.get(organizationId)?.keys() ?? [])]) this.delete(organizationId, key);
      this.byOrganization.delete(organizationId);
    }
  }

  get size(): { answers: number; bytes: number } {
    return { answers: this.recency.size, bytes: this.bytes };
  }

  private delete(organizationId: string, key: string): void {
    const answers = this.byOrganization.get(organizationId);
    const answer = answers?.get(key);
    if (!answers || !answer) return;
    answers.delete(key);
    this.recency.delete(`${organizationId} ${key}`);
    this.bytes -= answer.body.length;
  }
}

/** Past answers (asOf) are replayed apart (time travel) and never cached here. */
const asksForThePast = (url: string) => url.includes('asOf');

export function registerAnswerCache(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'clock'> & { readModels?: ReadModelChanges },
  options: AnswerCacheOptions = {},
): AnswerStore | null {
  app.decorateRequest('pendingAnswer', null);
  const changes = deps.readModels;
  if (!changes) return null;
  const store = new AnswerStore(options.maxBytes ?? 32 * 1024 * 1024, options.maxAnswerBytes ?? 512 * 1024);
  const unsubscribe = changes.subscribe((change) => store.changed(change));
  app.addHook('onClose', async () => unsubscribe());

  // After authentication and validation (hooks registered earlier run first): the same guard as
  // the routes that opt in (a signed-in user acting on an organization) decides who may be answered.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.answerCache || request.method !== 'GET' || asksForThePast(request.url)) return;
    const organizationId = request.auth?.organizationId?.toLowerCase();
    if (!organizationId || !changes.complete()) return;
    const key = `${saoPauloDate(deps.clock())} ${request.url}`;
    const answer = store.get(organizationId, key);
    if (!answer) {
      request.pendingAnswer = { organizationId, key, generation: store.generation(organizationId) };
      return;
    }
    for (const [name, value] of answer.headers) reply.header(name, value);
    return reply.send(answer.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.pendingAnswer;
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string' || !changes.complete()) return payload;
    const headers: [string, string][] = [];
    for (const name of ANSWER_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers.push([name, String(value)]);
    }
    store.set(pending, { body: payload, headers });
    return payload;
  });
  return store;
}
