// TRUST_PROXY: which proxies' X-Forwarded-For/-Proto/-Host headers to believe. Unset or empty:
// none (the connection's own address and scheme count). A number: that many hops of proxies in
// front of Fluxo. Otherwise a comma list of proxy addresses or CIDR ranges (also `loopback`,
// `linklocal`, `uniquelocal`). `true` is refused: it would let any client choose its own address.
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_INVALID = 'TRUST_PROXY deve ser um número de saltos (ex.: 1) ou uma lista de endereços de proxies separados por vírgula (ex.: 10.0.0.1,10.0.0.0/8)';

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  if (entries.length === 0 || entries.some((entry) => !named.has(entry) && !address.test(entry))) throw new Error(TRUST_PROXY_INVALID);
  return entries;
}

/** Fastify's option: a hop count becomes "trust the first n hops" (its typings take no number). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}
