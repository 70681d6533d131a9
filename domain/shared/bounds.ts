// The deciders' own bounds on what a command may record, whatever edge it came through (API, OFX, bank sync, seed).
import { DATE_RANGE_MESSAGE, isDateInRange } from './dates';
import { validationError } from './errors';
import { AMOUNT_LIMIT_MESSAGE, isWithinAmountLimit, type Centavos } from './money';
import { INVALID_TEXT_MESSAGE, isStorableText } from './text';

const refuse = (field: string, message: string) => validationError(message, { [field]: message });

/** At most R$ 999.999.999,99 either way. */
export function assertAmountWithinLimit(field: string, value: Centavos | null | undefined): void {
  if (value !== null && value !== undefined && !isWithinAmountLimit(value)) throw refuse(field, AMOUNT_LIMIT_MESSAGE);
}

/** A real calendar date between 1900 and 2100. */
export function assertDateInRange(field: string, value: string | null | undefined): void {
  if (value !== null && value !== undefined && !isDateInRange(value)) throw refuse(field, DATE_RANGE_MESSAGE);
}

/** No NUL, no lone surrogates. */
export function assertStorableText(field: string, value: string | null | undefined): void {
  if (value !== null && value !== undefined && !isStorableText(value)) throw refuse(field, INVALID_TEXT_MESSAGE);
}
