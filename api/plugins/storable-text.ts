// One wall for the whole API: a request whose path, query or body holds text PostgreSQL cannot store
// (NUL, a lone UTF-16 surrogate) is refused with 400 before any handler sees it.
import type { FastifyInstance } from 'fastify';
import { validationError } from '../../domain/shared/errors';
import { findUnstorableText, INVALID_TEXT_MESSAGE } from '../../domain/shared/text';

export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const path = findUnstorableText(value);
      if (path !== null) {
        const field = path === '_' ? part : path;
        throw validationError(`Dados inválidos — ${field}: ${INVALID_TEXT_MESSAGE}`, { [field]: INVALID_TEXT_MESSAGE });
      }
    }
  });
}
