// What an error may put in the log: its kind, message, SQLSTATE and constraint names — never the
// row data PostgreSQL adds to `detail` ("Failing row contains (…)", "Key (email)=(…) already
// exists"), nor a query's bound values. Used as pino's `err` serializer.

type LoggedError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: LoggedError;
};

/** PostgreSQL puts offending values between parentheses after `Key (…)=`; messages keep them out otherwise. */
const keyValues = /(Key \([^)]*\)=)\([^]*?\)( already exists| is not present| conflicts)/g;

function scrub(message: string): string {
  return message.replace(keyValues, '$1(…)$2').replace(/Failing row contains \([^]*\)\.?/g, 'Failing row contains (…).');
}

export function safeError(error: unknown, depth = 0): LoggedError | unknown {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return error;
  const source = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; cause?: unknown };
  const logged: LoggedError = {
    type: source.constructor?.name ?? 'Error',
    message: scrub(String(source.message ?? '')),
  };
  if (typeof source.code === 'string') logged.code = source.code;
  if (typeof source.constraint === 'string') logged.constraint = source.constraint;
  if (typeof source.table === 'string') logged.table = source.table;
  if (typeof source.column === 'string') logged.column = source.column;
  if (typeof source.stack === 'string') logged.stack = scrub(source.stack);
  if (source.cause !== undefined && depth < 4) logged.cause = safeError(source.cause, depth + 1) as LoggedError;
  return logged;
}

/** The ids a client sends as `x-correlation-id` are kept only when they are UUIDs. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function acceptedCorrelationId(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}
