// The one way the UI talks HTTP to the API: cookies included, JSON asked for, failures turned into errors.
import { HttpError } from 'react-admin';
import { noteDegradedHeader } from './degradedState';

/**
 * A non-successful API answer. Its message follows spec §8 (`"409: <body text>"`, or the status
 * text when the body is empty); `serverMessage` is the pt-BR `{ message }` the API sends, which is
 * what a person should read.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  get serverMessage(): string | undefined {
    return readableMessage(this.body);
  }
}

/**
 * The server's pt-BR `{ message }`. A validation answer also lists `fields` ({ targetAmount: 'O valor
 * deve ser maior que zero' }): a person reads those messages, not the API's field names.
 */
const readableMessage = (body: unknown): string | undefined => {
  const { message, fields } = (body ?? {}) as { message?: unknown; fields?: unknown };
  if (fields && typeof fields === 'object') {
    const texts = Object.values(fields).filter((text): text is string => typeof text === 'string' && text !== '');
    if (texts.length > 0) return `Dados inválidos — ${[...new Set(texts)].join('; ')}`;
  }
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** The text to show a person for a failed call: the server's pt-BR message, else the fallback. */
export const errorMessage = (error: unknown, fallback = 'Ocorreu um erro inesperado'): string => {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof HttpError && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
};

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Prefer: respond-async`). */
  headers?: Record<string, string>;
}

/** `/api/<path>?<query>`: paths are written without the `/api` prefix, as in `apiUrl('auth/me')`. */
export const apiUrl = (path: string, query?: Record<string, QueryValue>): string => {
  const url = `/api/${path.replace(/^\/+/, '')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${url}?${queryString}` : url;
};

const isJson = (response: Response) => (response.headers.get('Content-Type') ?? '').includes('json');

const parseBody = (text: string, response: Response): unknown => {
  if (!text || !isJson(response)) return text || undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A random UUID v4; crypto.randomUUID exists only in secure contexts (HTTPS or localhost). */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Fetches `url` with the session cookie, asking for JSON; throws `ApiError` unless the answer is 2xx. */
export const apiFetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // Each submit gets its own key: a retry of the same call can never record twice (api/plugins/idempotency.ts).
  if ((init.method ?? 'GET').toUpperCase() === 'POST' && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', newIdempotencyKey());
  const response = await fetch(url, { ...init, headers, credentials: 'include' });
  noteDegradedHeader(response);
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, parseBody(text, response), text, response.statusText);
  }
  return response;
};

/**
 * Reads a successful answer as JSON: undefined when empty (204). A body that is not JSON means the
 * request never reached the API (e.g. a single-page fallback answered), so it is an error.
 */
const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  if (!isJson(response)) throw new Error(`Resposta inesperada de ${response.url}: não é JSON`);
  return JSON.parse(text);
};

/** Calls `/api/<path>` and returns its JSON answer. */
export const apiJson = async <T>(path: string, { method = 'GET', body, query, signal, headers = {} }: ApiRequest = {}): Promise<T> => {
  const response = await apiFetch(apiUrl(path, query), {
    method,
    signal,
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await readJson(response)) as T;
};

/**
 * The `httpClient` ra-data-simple-rest expects (the contract of react-admin's `fetchUtils.fetchJson`),
 * built on `apiFetch`. Failures become react-admin `HttpError`s carrying the server's pt-BR message,
 * which is what react-admin shows in its notifications.
 */
export const httpClient = async (url: string, options: RequestInit = {}) => {
  const headers = new Headers(options.headers);
  if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  try {
    const response = await apiFetch(url, { ...options, headers });
    const body = await response.text();
    const json = body && isJson(response) ? JSON.parse(body) : undefined;
    return { status: response.status, headers: response.headers, body, json };
  } catch (error) {
    if (error instanceof ApiError) throw new HttpError(error.serverMessage ?? error.message, error.status, error.body);
    throw error;
  }
};
