// The HTTP figures: Fluxo's API (npm start's code path, in its own process, CPU-profiled) and the
// one-SELECT reference route, loaded by autocannon at 16 connections from this process.
import autocannon from 'autocannon';

export type Load = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; total: number };

export async function hammer(options: { url: string; seconds: number; connections?: number; cookie?: string; cookies?: readonly string[]; method?: 'GET' | 'POST'; body?: unknown }): Promise<Load> {
  let connection = 0;
  const result = await autocannon({
    // One session per connection when given several: as many people as connections.
    ...(options.cookies?.length ? { setupClient: (client: { setHeaders: (headers: Record<string, string>) => void }) => {
      const cookie = options.cookies![connection++ % options.cookies!.length];
      client.setHeaders({ cookie, ...(options.body ? { 'content-type': 'application/json' } : {}), accept: 'application/json' });
    } } : {}),
    url: options.url,
    connections: options.connections ?? 16,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}), accept: 'application/json' },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx, total: result.requests.total };
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/**
 * `count` sessions of one person, one per connection of a write load: a session's next request waits
 * for its own last write to reach every read model, so one session shared by the connections would
 * make each write wait for the others'.
 */
export async function signInSessions(baseUrl: string, email: string, password: string, count: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i++) sessions.push(await signIn(baseUrl, email, password));
  return sessions;
}
