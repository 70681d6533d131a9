// Whether an error means "the database cannot be reached right now" (down, restarting, connection cut),
// as opposed to a query that failed: the API answers the first with a pt-BR 503, never a plain 500.
import { BackendTerminatedError, BackendTerminatedUnexpectedlyError, ConnectionError } from 'slonik';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);
/** SQLSTATE class 08 (connection exception), 57P01–57P03 (admin/crash shutdown, cannot connect now). */
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;

export const DATABASE_UNAVAILABLE_MESSAGE = 'O serviço está temporariamente indisponível (banco de dados inacessível). Tente novamente em instantes.';

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof ConnectionError || current instanceof BackendTerminatedError || current instanceof BackendTerminatedUnexpectedlyError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === 'string' && /Connection terminated|the database system is (starting up|shutting down)|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}
