// Issue 11: generated hostile requests over every write route and every list route (fast-check,
// via fastify.inject): wrong types, extreme numbers, NUL and lone surrogates, huge strings, bad
// dates, bad ranges, unknown fields, oversized and malformed bodies. Never a 5xx, and a refused
// request leaves the event log as it was. Prints the answers counted by status.
// FUZZ_RUNS (default 3000) and FUZZ_SEED reproduce a run.
import fc from 'fast-check';
import { sql } from 'slonik';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPendingNotifications } from '../app/notifications/dispatcher';
import { createSuperAdmin, createTestApp, loginAs, seedTenant, type Client, type TestApp } from '../test-support/app';

const RUNS = Number(process.env.FUZZ_RUNS) || 3_000;
const SEED = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;

let t: TestApp;
let admin: Client;
/** Sends the /api/admin routes, so they are fuzzed past their access check. */
let superAdmin: Client;
let adminLogin: { email: string };

type Route = { method: string; url: string; fields: string[] };

/** Routes that end the session or impersonate: the fuzzing would fight its own sign-in. */
const SKIPPED = new Set(['POST /api/auth/logout', 'POST /api/auth/login', 'POST /api/auth/register', 'POST /api/admin/impersonate', 'POST /api/admin/stop-impersonation']);

const eventCount = () => t.deps.db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM events`);

/**
 * What an accepted request sets off after its answer (a new organization's welcome notification,
 * raised by the dispatcher once the triggers projection filed it) is written before the next
 * request is counted: it is not that request's write.
 */
async function settleBackground(): Promise<void> {
  for (;;) {
    const head = await t.deps.eventStore.headPosition();
    await t.runner.waitFor(head);
    await dispatchPendingNotifications(t.deps);
    if ((await t.deps.eventStore.headPosition()) === head) return;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await seedTenant(t, 'Fuzz Ltda', []);
  admin = tenant.admin;
  adminLogin = { email: (await admin.request('GET', '/api/auth/me')).json().user.email };
  superAdmin = await createSuperAdmin(t);
});
afterAll(async () => t?.close());

/** Write routes and list routes with the body fields their OpenAPI document names. */
function fuzzedRoutes(): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      const isWrite = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(upper);
      const isList = upper === 'GET' && !url.includes(':') && !url.startsWith('/api/docs');
      if (!(isWrite || isList) || SKIPPED.has(`${upper} ${url}`)) continue;
      const fields = Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {});
      routes.push({ method: upper, url, fields });
    }
  }
  return routes;
}

const hugeString = fc.constantFrom('x'.repeat(100_000), 'ç'.repeat(70_000), '9'.repeat(5_000));
const nastyString = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d', '😀', '%00', '../../etc/passwd', "'; DROP TABLE events; --", '<script>alert(1)</script>', 'null', 'NaN', 'true'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);
const badDate = fc.constantFrom('9999-12-31', '0000-00-00', '2025-02-30', '2025-13-01', '1899-12-31', '2101-01-01', '+275760-09-13', '2025-1-1', '31/12/2025', '2025-03-10T25:00:00Z', '-001-01-01', '');
const goodDate = fc.constantFrom('2025-03-10', '1900-01-01', '2100-12-31', '2024-02-29');
const extremeNumber = fc.oneof(
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 63, -(2 ** 63), 999999999.99, 1000000000, 0.001, -1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const moneyish = fc.constantFrom('10.00', '-9999999999999999.99', '1e20', '12,34', '0.001', '999999999.99', '1000000000.00', ' 1 ', '0x10', 'R$ 10');
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(nastyString, extremeNumber, moneyish, badDate, goodDate, fc.boolean(), fc.constant(null), fc.uuid()),
  any: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), fc.array(tie('leaf'), { maxLength: 3 }), fc.dictionary(nastyString, tie('leaf'), { maxKeys: 3 })),
})).any;

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string; contentType: string } | { kind: 'none' };

const bodyFor = (fields: string[]): fc.Arbitrary<Body> => {
  const known = fields.length > 0 ? fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length }) : fc.constant({});
  const withUnknown = fc.tuple(known, fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }));
  return fc.oneof(
    { weight: 6, arbitrary: withUnknown.map((v): Body => ({ kind: 'json', value: v })) },
    { weight: 1, arbitrary: value.map((v): Body => ({ kind: 'json', value: v })) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', '{"description":"\\ud800"}', 'null', '"texto"', '{"a":1}}', '\u0000').map((p): Body => ({ kind: 'raw', payload: p, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom('a=1', '<xml/>').map((p): Body => ({ kind: 'raw', payload: p, contentType: 'text/xml' })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...(fields.length ? fields : ['description'])), hugeString).map(([k, s]): Body => ({ kind: 'json', value: { [k]: s } })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
};

const listQuery = fc.record({
  range: fc.oneof(fc.constantFrom('[0,9]', '[0,99999999999999999999]', '[-5,3]', '[9,0]', '[1e400,2]', '[0]', 'x', '[0,9,2]', '[9223372036854775807,9223372036854775807]'), fc.json()),
  sort: fc.oneof(fc.constantFrom('["date","DESC"]', '["nope","ASC"]', '["amount","SIDEWAYS"]', '[]', '"date"'), fc.json()),
  filter: fc.oneof(
    fc.record({ q: nastyString, date_gte: badDate, date_lte: fc.oneof(badDate, goodDate), id: fc.oneof(fc.uuid(), nastyString, fc.array(nastyString, { maxLength: 2 })) }, { requiredKeys: [] }).map((f) => JSON.stringify(f)),
    fc.constantFrom('{', '[]', 'null', '{"period":"9999months"}', '{"status":["approved"]}'),
  ),
  period: fc.constantFrom('month', '6months', 'year', 'forever', '\u0000'),
  startDate: fc.oneof(badDate, goodDate),
  endDate: fc.oneof(badDate, goodDate),
}, { requiredKeys: [] });

const pathValue = fc.oneof(fc.uuid(), nastyString.filter((s) => s.length > 0), fc.constantFrom('00000000-0000-0000-0000-000000000000', '1', '-1', 'ª'));

type Generated = { route: Route; path: Record<string, string>; body: Body; query: Record<string, string> };

function generated(routes: Route[]): fc.Arbitrary<Generated> {
  return fc.constantFrom(...routes).chain((route) => {
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
    return fc.record({
      route: fc.constant(route),
      path: params.length ? fc.tuple(...params.map(() => pathValue)).map((values) => Object.fromEntries(params.map((p, i) => [p, values[i]]))) : fc.constant({}),
      body: route.method === 'GET' ? fc.constant<Body>({ kind: 'none' }) : bodyFor(route.fields),
      query: route.method === 'GET' ? listQuery.map((q) => q as Record<string, string>) : fc.constant({}),
    });
  });
}

/** Percent-encoding that also sends lone surrogates (as the invalid UTF-8 a hostile client would send). */
const encodeHostile = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
};

async function send(request: Generated) {
  const url = request.route.url.replace(/:(\w+)/g, (_, p: string) => encodeHostile(request.path[p]));
  const query = Object.entries(request.query).map(([k, v]) => `${k}=${encodeHostile(String(v))}`).join('&');
  const headers: Record<string, string> = { cookie: request.route.url.startsWith('/api/admin/') ? superAdmin.cookie : admin.cookie };
  let payload: string | undefined;
  if (request.body.kind === 'json') {
    payload = JSON.stringify(request.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (request.body.kind === 'raw') {
    payload = request.body.payload;
    headers['content-type'] = request.body.contentType;
  }
  return t.app.inject({ method: request.route.method as never, url: query ? `${url}?${query}` : url, payload, headers });
}

describe('fuzzing every write and list route', () => {
  it(`answers ${RUNS} generated hostile requests without a 5xx, and no refused request changes the event log`, async () => {
    const routes = fuzzedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const byStatus = new Map<number, number>();
    const byRoute = new Map<string, number>();
    let sent = 0;
    let accepted = true;
    await fc.assert(
      fc.asyncProperty(generated(routes), async (request) => {
        if (accepted) await settleBackground();
        const before = await eventCount();
        const response = await send(request);
        sent++;
        accepted = response.statusCode < 400;
        byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
        const key = `${request.route.method} ${request.route.url}`;
        byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
        if (response.statusCode >= 500) throw new Error(`${response.statusCode} on ${key}: ${response.body.slice(0, 300)}`);
        if (response.statusCode >= 400) expect(await eventCount(), `${key} answered ${response.statusCode} but wrote events`).toBe(before);
        if (response.statusCode === 401 && !request.route.url.startsWith('/api/admin/')) {
          // A generated request ended the session (e.g. a password change): sign in again.
          const session = await loginAs(t.app, adminLogin.email, 'senha123').catch(() => null);
          if (session) admin = { ...admin, cookie: session.cookie };
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`[fuzz] seed ${SEED}: ${sent} requests over ${byRoute.size} routes — ${statuses}`);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(byRoute.size).toBeGreaterThan(routes.length * 0.8);
    expect([...byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
  }, 180_000);
});
