// The one error the OFX reader throws: a pt-BR message for the person importing and the line it is about.
import { DomainError } from '../../domain/shared/errors';

/**
 * A file the importer must refuse as a whole (HTTP 422). It is a DomainError of kind
 * 'unprocessable', so the API's single error mapper already answers 422 with the message.
 */
export class OfxParseError extends DomainError {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super('unprocessable', message);
    this.name = 'OfxParseError';
  }
}

/** A value as it may be quoted inside a message: one line, control characters shown, bounded length. */
export function quote(value: string, max = 40): string {
  const shown = Array.from(value.slice(0, max), (c) => {
    const code = c.charCodeAt(0);
    if (code === 9) return ' ';
    return code < 32 || code === 127 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }).join('');
  return `"${shown}${value.length > max ? '…' : ''}"`;
}
