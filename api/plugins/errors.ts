// The one place errors become HTTP: a pt-BR `{ message }` with the right status, nothing else leaks.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '../../domain/shared/errors';
import { ConcurrencyError } from '../../app/eventstore/port';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../app/db/unavailable';
import { answerStoredWrite, STALE_RECORD_MESSAGE } from './stored-writes';

const statusOf: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

function fieldsOfZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function describeFields(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(([field, message]) => (field === '_' ? message : `${field}: ${message}`));
  return `Dados inválidos — ${parts.join('; ')}`;
}

export function registerErrorHandling(app: FastifyInstance, options: { spaFallback: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const path = request.url.split('?')[0];
    // A missing file (an old build's chunk after a deploy) is a 404, never the page in its place:
    // a browser would run HTML as a script and fail without saying why.
    if (!isApi && (path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path))) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Arquivo não encontrado');
    }
    // The single-page app owns every other non-API path (real paths, not hash URLs).
    if (options.spaFallback && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: `Rota não encontrada: ${request.method} ${path}` });
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    // The request's events are stored: whatever failed after that, the write happened (202, never an error).
    if (answerStoredWrite(request, reply)) return reply;
    if (error instanceof DomainError) {
      return reply.status(statusOf[error.kind]).send({ message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (error instanceof ConcurrencyError) {
      return reply.status(409).send({ message: STALE_RECORD_MESSAGE });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const path = (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[path] ??= v.message ?? 'Valor inválido';
      }
      return reply.status(400).send({ message: describeFields(fields), fields });
    }
    if (error instanceof ZodError) {
      const fields = fieldsOfZod(error);
      return reply.status(400).send({ message: describeFields(fields), fields });
    }
    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: 'O corpo da requisição não é um JSON válido' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: 'O conteúdo enviado é grande demais' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: 'Tipo de conteúdo não suportado; envie application/json' });
      case 'FST_ERR_VALIDATION':
        return reply.status(400).send({ message: `Dados inválidos — ${fastifyError.message}` });
    }
    if (fastifyError instanceof SyntaxError || fastifyError.statusCode === 400) {
      return reply.status(400).send({ message: 'Requisição inválida' });
    }
    if (fastifyError.statusCode === 429) {
      return reply.status(429).send({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
    }
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      return reply.status(fastifyError.statusCode).send({ message: 'Requisição inválida' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Ocorreu um erro inesperado' });
  });
}
