// The hand-written decoders answer what zod answers: for any input, either the same output as the
// schema's parse, or undefined (and then zod decides). A valid event of the import's shape always
// takes the hand-written path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastDecoders } from './event-decoders';
import { eventSchemas } from './events';
import { isValidDate } from './shared/dates';

const odd = fc.constantFrom<unknown>(
  undefined, null, '', 'x', '12', '-7', '1.5', '2024-02-30', '2024-02-29', '2023-02-29', '0099-01-01', '2024-13-01', '2024-1-01', 0, 1, -1, 1.5, NaN,
  Infinity, 10n, true, false, [], {}, { kind: 'ofx', importedTransactionId: 'i' }, { kind: 'ofx', importedTransactionId: 'i', extra: 1 },
  { kind: 'pix', importedTransactionId: 'i' }, { kind: 'expense', id: 'e' }, { kind: 'expense' }, new Date(0), 'ofx', 'bank_sync', 'debit', 'credit',
  'approved', 'pending', 'completed', 'received', 'other', 'monthly', 'variable', 'fitid', 'booked',
  { id: 'a', name: 'n', type: 'application/pdf', size: 3, sha256: 'h' },
);

const date = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const amount = fc.oneof(fc.bigInt(0n, 99_999_999_999n).map(String), fc.bigInt(0n, 99_999_999_999n), fc.integer({ min: 0, max: 1e9 }));
const source = fc.oneof(fc.constant(null), fc.record({ kind: fc.constantFrom('ofx', 'bank_sync'), importedTransactionId: fc.uuid() }));

const valid: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  TransactionImported: fc.record({
    importedTransactionId: fc.uuid(), organizationId: fc.uuid(), source: fc.constantFrom('ofx', 'bank_sync'), connectionId: fc.option(fc.uuid()),
    bankName: fc.string(), accountId: fc.string(), fitId: fc.option(fc.string()), transactionDate: date, description: fc.string(),
    merchant: fc.option(fc.string()), transactionType: fc.constantFrom('credit', 'debit'), amount, category: fc.option(fc.string()),
    status: fc.constantFrom('pending', 'approved'), accountKey: fc.string(), identityKind: fc.constantFrom('fitid', 'provider', 'none'),
    externalId: fc.option(fc.string()), bookingStatus: fc.constantFrom('pending', 'booked'),
    recordedAs: fc.option(fc.record({ kind: fc.constantFrom('expense', 'revenue'), id: fc.uuid() })),
  }, { requiredKeys: ['importedTransactionId', 'organizationId', 'source', 'connectionId', 'bankName', 'accountId', 'fitId', 'transactionDate', 'description', 'merchant', 'transactionType', 'amount', 'category', 'status'] }),
  ExpenseRecorded: fc.record({
    expenseId: fc.uuid(), organizationId: fc.uuid(), description: fc.string(), amount, category: fc.string(),
    status: fc.constantFrom('pending', 'approved', 'completed', 'rejected'), date, expenseType: fc.constantFrom('fixed', 'variable'), isRecurring: fc.boolean(),
    recurringPeriod: fc.option(fc.constantFrom('monthly', 'quarterly', 'yearly')), recurringDuration: fc.option(fc.integer({ min: -5, max: 400 })),
    recurringEndDate: fc.option(date), attachment: fc.constant(null), source,
  }),
  RevenueRecorded: fc.record({
    revenueId: fc.uuid(), organizationId: fc.uuid(), description: fc.string(), amount,
    category: fc.constantFrom('services', 'products', 'subscriptions', 'consulting', 'other'), status: fc.constantFrom('pending', 'confirmed', 'received', 'cancelled'),
    date, source,
  }),
};
valid.ExpenseUpdated = valid.ExpenseRecorded;
valid.RevenueUpdated = valid.RevenueRecorded;

/** A valid event with some keys changed to odd values, dropped, or added. */
const mutated = (base: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(base, fc.array(fc.tuple(fc.constantFrom('set', 'drop', 'add'), fc.nat(30), odd), { maxLength: 3 })).map(([event, changes]) => {
    const out: Record<string, unknown> = { ...event };
    const keys = Object.keys(out);
    for (const [how, at, value] of changes) {
      const key = keys[at % keys.length];
      if (how === 'drop') delete out[key];
      else if (how === 'set') out[key] = value;
      else out[`extra${at}`] = value;
    }
    return out;
  });

describe('hand-written event decoders', () => {
  for (const [type, decode] of Object.entries(fastDecoders)) {
    it(`${type}: a valid event decodes as zod decodes it`, () => {
      fc.assert(fc.property(valid[type], (data) => {
        const fast = decode(data);
        expect(fast).toBeDefined();
        expect(fast).toStrictEqual(eventSchemas[type].parse(data));
      }), { numRuns: 300 });
    });

    it(`${type}: any other input decodes as zod does, or is left to zod`, () => {
      fc.assert(fc.property(fc.oneof(mutated(valid[type]), odd), (data) => {
        const fast = decode(data);
        if (fast === undefined) return;
        const zod = eventSchemas[type].safeParse(data);
        expect(zod.success).toBe(true);
        expect(fast).toStrictEqual(zod.data);
      }), { numRuns: 2000 });
    });
  }

  it('isValidDate says what a Date round trip says', () => {
    const byDate = (value: string) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const [y, m, d] = value.split('-').map(Number);
      const parsed = new Date(Date.UTC(y, m - 1, d));
      return parsed.getUTCFullYear() === y && parsed.getUTCMonth() === m - 1 && parsed.getUTCDate() === d;
    };
    const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    const shaped = fc.tuple(fc.oneof(digits(4), fc.integer({ min: 0, max: 9999 }).map((y) => String(y).padStart(4, '0'))), digits(2), fc.oneof(digits(2), fc.constantFrom('28', '29', '30', '31')))
      .map(([y, m, d]) => `${y}-${m}-${d}`);
    fc.assert(fc.property(fc.oneof(shaped, fc.string()), (value) => isValidDate(value) === byDate(value)), { numRuns: 5000 });
    for (const value of ['2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '0099-12-31', '0100-01-01', '2024-04-31', '2024-00-10', '2024-12-00']) {
      expect(isValidDate(value)).toBe(byDate(value));
    }
  });
});
