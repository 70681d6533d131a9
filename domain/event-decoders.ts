// Hand-written decoders of the event types an OFX import writes, and the runner reads, by the
// thousand (TransactionImported, ExpenseRecorded/Updated, RevenueRecorded/Updated). Each returns
// exactly what its zod schema's parse returns, or undefined for anything but the plain valid shape:
// the caller then lets zod decide, so a bad event fails with zod's own error. zod builds a context,
// an issue list and a copy per nested schema for every event: half the runner's decoding time and
// much of its garbage on a 10,000-transaction import.
import { revenueCategories, revenueStatuses } from './finance/revenue';
import { expenseStatuses, expenseTypes } from './finance/expense';
import { recurringPeriods } from './finance/recurrence';
import { isValidDate } from './shared/dates';

type Data = Record<string, unknown>;
/** A decoder's output, or undefined when zod must look (invalid or unusual input). */
export type FastDecoder = (data: unknown) => Data | undefined;

const INTEGER_TEXT = /^-?\d+$/;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

const isPlainObject = (value: unknown): value is Data => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const oneOf = (values: readonly string[]) => {
  const set = new Set(values);
  return (value: unknown): value is string => typeof value === 'string' && set.has(value);
};
/** recordedDate: the shape and a real calendar date. */
const isRecordedDate = (value: unknown): value is string => typeof value === 'string' && DATE_SHAPE.test(value) && isValidDate(value);

/** centavos: a bigint, an integer string or an integer number, as bigint; undefined when none. */
function centavosOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'string' && INTEGER_TEXT.test(value)) || (typeof value === 'number' && Number.isInteger(value))) return BigInt(value);
  return undefined;
}

const isSourceKind = oneOf(['ofx', 'bank_sync']);
/** importSource.nullable(): null, or { kind, importedTransactionId } without any other key. */
function importSourceOf(value: unknown): { kind: string; importedTransactionId: string } | null | undefined {
  if (value === null) return null;
  if (!isPlainObject(value) || !isSourceKind(value.kind) || !isString(value.importedTransactionId)) return undefined;
  return { kind: value.kind, importedTransactionId: value.importedTransactionId };
}

const isTransactionType = oneOf(['credit', 'debit']);
const isImportStatus = oneOf(['pending', 'approved']);
const isIdentityKind = oneOf(['fitid', 'provider', 'none']);
const isBookingStatus = oneOf(['pending', 'booked']);
const isLedgerKind = oneOf(['expense', 'revenue']);

function transactionImported(data: unknown): Data | undefined {
  if (!isPlainObject(data)) return undefined;
  const d = data;
  const amount = centavosOf(d.amount);
  if (
    amount === undefined || !isString(d.importedTransactionId) || !isString(d.organizationId) || !isSourceKind(d.source)
    || !isNullableString(d.connectionId) || !isString(d.bankName) || !isString(d.accountId) || !isNullableString(d.fitId)
    || !isRecordedDate(d.transactionDate) || !isString(d.description) || !isNullableString(d.merchant) || !isTransactionType(d.transactionType)
    || !isNullableString(d.category) || !isImportStatus(d.status)
  ) return undefined;
  const accountKey = d.accountKey === undefined ? '' : d.accountKey;
  const identityKind = d.identityKind === undefined ? 'none' : d.identityKind;
  const externalId = d.externalId === undefined ? null : d.externalId;
  const bookingStatus = d.bookingStatus === undefined ? 'booked' : d.bookingStatus;
  if (!isString(accountKey) || !isIdentityKind(identityKind) || !isNullableString(externalId) || !isBookingStatus(bookingStatus)) return undefined;
  let recordedAs: { kind: string; id: string } | null = null;
  if (d.recordedAs !== undefined && d.recordedAs !== null) {
    const r = d.recordedAs;
    if (!isPlainObject(r) || !isLedgerKind(r.kind) || !isString(r.id)) return undefined;
    recordedAs = { kind: r.kind, id: r.id };
  }
  return {
    importedTransactionId: d.importedTransactionId, organizationId: d.organizationId, source: d.source, connectionId: d.connectionId,
    bankName: d.bankName, accountId: d.accountId, fitId: d.fitId, transactionDate: d.transactionDate, description: d.description,
    merchant: d.merchant, transactionType: d.transactionType, amount, category: d.category, status: d.status, accountKey, identityKind,
    externalId, bookingStatus, recordedAs,
  };
}

const isExpenseStatus = oneOf(expenseStatuses);
const isExpenseType = oneOf(expenseTypes);
const isRecurringPeriod = oneOf(recurringPeriods);

function expenseData(data: unknown): Data | undefined {
  if (!isPlainObject(data)) return undefined;
  const d = data;
  const amount = centavosOf(d.amount);
  const source = importSourceOf(d.source);
  if (
    amount === undefined || source === undefined || !isString(d.expenseId) || !isString(d.organizationId) || !isString(d.description)
    || !isString(d.category) || !isExpenseStatus(d.status) || !isRecordedDate(d.date) || !isExpenseType(d.expenseType)
    || typeof d.isRecurring !== 'boolean' || (d.recurringPeriod !== null && !isRecurringPeriod(d.recurringPeriod))
    || (d.recurringDuration !== null && !Number.isInteger(d.recurringDuration))
    || (d.recurringEndDate !== null && !isRecordedDate(d.recurringEndDate))
    // An attachment is rare on these paths: zod reads it.
    || d.attachment !== null
  ) return undefined;
  return {
    expenseId: d.expenseId, organizationId: d.organizationId, description: d.description, amount, category: d.category, status: d.status,
    date: d.date, expenseType: d.expenseType, isRecurring: d.isRecurring, recurringPeriod: d.recurringPeriod, recurringDuration: d.recurringDuration,
    recurringEndDate: d.recurringEndDate, attachment: null, source,
  };
}

const isRevenueCategory = oneOf(revenueCategories);
const isRevenueStatus = oneOf(revenueStatuses);

function revenueData(data: unknown): Data | undefined {
  if (!isPlainObject(data)) return undefined;
  const d = data;
  const amount = centavosOf(d.amount);
  const source = importSourceOf(d.source);
  if (
    amount === undefined || source === undefined || !isString(d.revenueId) || !isString(d.organizationId) || !isString(d.description)
    || !isRevenueCategory(d.category) || !isRevenueStatus(d.status) || !isRecordedDate(d.date)
  ) return undefined;
  return {
    revenueId: d.revenueId, organizationId: d.organizationId, description: d.description, amount, category: d.category, status: d.status,
    date: d.date, source,
  };
}

export const fastDecoders: Readonly<Record<string, FastDecoder>> = {
  TransactionImported: transactionImported,
  ExpenseRecorded: expenseData,
  ExpenseUpdated: expenseData,
  RevenueRecorded: revenueData,
  RevenueUpdated: revenueData,
};
