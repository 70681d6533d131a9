// The one data provider: react-admin resources over ra-data-simple-rest at /api, plus the spec's
// endpoints that are not resources (metrics, charts, insights generation, reports…).
import type { DataProvider, RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { apiFetch, apiJson, apiUrl, httpClient, type ApiRequest, type QueryValue } from './httpClient';

/**
 * API paths of resources whose route name differs from their endpoint (spec §7): the users screen
 * lives at /users but its API is /api/organization/users.
 */
const resourcePaths: Record<string, string> = {
  users: 'organization/users',
  goals: 'financial-goals',
};

const pathOf = (resource: string) => resourcePaths[resource] ?? resource;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface FluxoDataProvider extends DataProvider {
  /**
   * Calls an endpoint that is not a react-admin resource and returns its JSON, e.g.
   * `call<Metrics>('financial/metrics', { query: { period: '6months' } })` or
   * `call('ai-insights/generate', { method: 'POST' })`. Throws `ApiError` (see `errorMessage`).
   */
  call<T>(path: string, request?: ApiRequest): Promise<T>;
  /** Downloads a file (reports): its bytes and the name from Content-Disposition, else `fallbackName`. */
  download(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<DownloadedFile>;
}

const fileNameFrom = (contentDisposition: string | null): string | undefined => {
  if (!contentDisposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition);
  if (encoded) return decodeURIComponent(encoded[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1].trim();
};

const rest = simpleRestProvider('/api', httpClient);

/** The API's answer to a stored write whose result is not readable yet (api/plugins/stored-writes.ts). */
type AcceptedWrite = { id: string | null; position: string; status: 'pending'; message: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the UI waits for a stored write (202) to become readable before showing what it sent. */
const PENDING_WAIT_MS = 30_000;

/**
 * Waits (polling GET one) until the record reads as `done` says; a stored write is never shown as an
 * error, so after PENDING_WAIT_MS it gives back `fallback` (what was sent), and the list catches up later.
 */
async function waitForRecord(resource: string, id: RaRecord['id'], done: (record: RaRecord | null) => boolean, fallback: RaRecord): Promise<RaRecord> {
  const deadline = Date.now() + PENDING_WAIT_MS;
  for (let delay = 250; Date.now() < deadline; delay = Math.min(delay * 2, 2_000)) {
    await sleep(delay);
    try {
      const { data } = await rest.getOne(resource, { id });
      if (done(data)) return data;
    } catch {
      if (done(null)) return fallback;
    }
  }
  return fallback;
}

const versionOf = (record: unknown): number | undefined => {
  const version = (record as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' ? version : undefined;
};

/** If-Match with the revision the screen showed: a record changed meanwhile by someone else answers 409. */
const ifMatch = (previous: unknown): Record<string, string> => {
  const version = versionOf(previous);
  return version === undefined ? {} : { 'If-Match': `"${version}"` };
};

export const dataProvider: FluxoDataProvider = {
  getList: (resource, params) => rest.getList(pathOf(resource), params),
  getOne: (resource, params) => rest.getOne(pathOf(resource), params),
  getMany: (resource, params) => rest.getMany(pathOf(resource), params),
  getManyReference: (resource, params) => rest.getManyReference(pathOf(resource), params),
  create: async (resource, params) => {
    const path = pathOf(resource);
    const { status, json } = await httpClient(`/api/${path}`, { method: 'POST', body: JSON.stringify(params.data) });
    if (status !== 202) return { data: json };
    const accepted = json as AcceptedWrite;
    const sent = { ...params.data, id: accepted.id } as RaRecord;
    return { data: accepted.id ? await waitForRecord(path, accepted.id, (record) => record !== null, sent) : sent } as never;
  },
  update: async (resource, params) => {
    const path = pathOf(resource);
    const { status, json } = await httpClient(`/api/${path}/${encodeURIComponent(params.id)}`, {
      method: 'PUT',
      body: JSON.stringify(params.data),
      headers: ifMatch(params.previousData),
    });
    if (status !== 202) return { data: json };
    const before = versionOf(params.previousData);
    const sent = { ...params.previousData, ...params.data, id: params.id } as RaRecord;
    return { data: await waitForRecord(path, params.id, (record) => record !== null && (before === undefined || (versionOf(record) ?? -1) > before), sent) } as never;
  },
  updateMany: (resource, params) => rest.updateMany(pathOf(resource), params),
  delete: async (resource, params) => {
    const path = pathOf(resource);
    const { status, json } = await httpClient(`/api/${path}/${encodeURIComponent(params.id)}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'text/plain', ...ifMatch(params.previousData) },
    });
    if (status !== 202) return { data: json };
    const gone = { ...params.previousData, id: params.id } as RaRecord;
    return { data: await waitForRecord(path, params.id, (record) => record === null, gone) } as never;
  },
  deleteMany: (resource, params) => rest.deleteMany(pathOf(resource), params),

  call: (path, request) => apiJson(path, request),

  download: async (path, query, fallbackName) => {
    const response = await apiFetch(apiUrl(path, query), { headers: { Accept: '*/*' } });
    const fileName = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
    return { blob: await response.blob(), fileName };
  },
};
