// The one error type of the domain and application layers; the API maps `kind` to an HTTP status.
export type DomainErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, fields?: Record<string, string>) => new DomainError('validation', message, fields);
export const notFound = (message = 'Registro não encontrado') => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const forbidden = (message = 'Você não tem permissão para realizar esta ação.') => new DomainError('forbidden', message);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
