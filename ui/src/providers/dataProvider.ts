// The one data provider: react-admin resources over ra-data-simple-rest at /api, plus the spec's
// endpoints that are not resources (metrics, charts, insights generation, reports…).
import type { DataProvider } from 'react-admin';
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

export const dataProvider: FluxoDataProvider = {
  getList: (resource, params) => rest.getList(pathOf(resource), params),
  getOne: (resource, params) => rest.getOne(pathOf(resource), params),
  getMany: (resource, params) => rest.getMany(pathOf(resource), params),
  getManyReference: (resource, params) => rest.getManyReference(pathOf(resource), params),
  create: (resource, params) => rest.create(pathOf(resource), params),
  update: (resource, params) => rest.update(pathOf(resource), params),
  updateMany: (resource, params) => rest.updateMany(pathOf(resource), params),
  delete: (resource, params) => rest.delete(pathOf(resource), params),
  deleteMany: (resource, params) => rest.deleteMany(pathOf(resource), params),

  call: (path, request) => apiJson(path, request),

  download: async (path, query, fallbackName) => {
    const response = await apiFetch(apiUrl(path, query), { headers: { Accept: '*/*' } });
    const fileName = fileNameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
    return { blob: await response.blob(), fileName };
  },
};
