import { describe, expect, it } from 'vitest';
import { findDuplicates, type IncomingTransaction, type KnownTransaction } from './dedup';

const incoming = (overrides: Partial<IncomingTransaction> = {}): IncomingTransaction => ({
  identityId: 'fit-1',
  identityKind: 'fitid',
  date: '2025-03-10',
  amount: -150_00n,
  description: 'PIX ENVIADO Padaria Central',
  pending: false,
  ...overrides,
});

const known = (overrides: Partial<KnownTransaction> = {}): KnownTransaction => ({
  importedTransactionId: 'imp-1',
  identityIds: ['fit-1'],
  identityKind: 'fitid',
  date: '2025-03-10',
  amount: -150_00n,
  description: 'PIX ENVIADO Padaria Central',
  pending: false,
  ...overrides,
});

describe('findDuplicates', () => {
  it('recognises a known identity', () => {
    const result = findDuplicates([incoming()], [known()]);
    expect(result.fresh).toEqual([]);
    expect(result.duplicates).toEqual([{ index: 0, by: 'identity', known: known() }]);
  });

  it('keeps two different FITIDs apart however alike they look', () => {
    const result = findDuplicates([incoming({ identityId: 'fit-2' })], [known()]);
    expect(result.fresh).toEqual([0]);
  });

  it('matches a transaction without FITID by amount, nearby date and similar description', () => {
    const result = findDuplicates([incoming({ identityId: 'none-1', identityKind: 'none', date: '2025-03-12', description: 'Pix enviado - PADARIA CENTRAL LTDA' })], [known()]);
    expect(result.duplicates.map((d) => d.by)).toEqual(['similar']);
  });

  it('does not match outside the date window, with another amount or another description', () => {
    const none = { identityId: 'none-1', identityKind: 'none' as const };
    expect(findDuplicates([incoming({ ...none, date: '2025-03-14' })], [known()]).fresh).toEqual([0]);
    expect(findDuplicates([incoming({ ...none, amount: -151_00n })], [known()]).fresh).toEqual([0]);
    expect(findDuplicates([incoming({ ...none, description: 'TARIFA PACOTE SERVICOS' })], [known()]).fresh).toEqual([0]);
  });

  it('matches across namespaces: a statement FITID against an aggregator id', () => {
    const result = findDuplicates([incoming({ identityId: 'fit-9' })], [known({ identityIds: ['pluggy-abc'], identityKind: 'provider' })]);
    expect(result.duplicates.map((d) => d.by)).toEqual(['similar']);
  });

  it('recognises a pending transaction booked later under a new id', () => {
    const pending = known({ identityIds: ['pend-1'], identityKind: 'provider', pending: true, date: '2025-03-09' });
    const result = findDuplicates([incoming({ identityId: 'fit-77' })], [pending]);
    expect(result.duplicates).toEqual([{ index: 0, by: 'similar', known: pending }]);
  });

  it('matches one to one: two identical payments against one known stay one new', () => {
    const twin = { identityId: 'none-a', identityKind: 'none' as const };
    const result = findDuplicates([incoming(twin), incoming({ ...twin, identityId: 'none-b' })], [known({ identityIds: ['x'], identityKind: 'none' })]);
    expect(result.duplicates.map((d) => d.index)).toEqual([0]);
    expect(result.fresh).toEqual([1]);
  });

  it('counts every transaction of one file, even identical ones', () => {
    const a = incoming({ identityId: 'none-a', identityKind: 'none' });
    const b = incoming({ identityId: 'none-b', identityKind: 'none' });
    expect(findDuplicates([a, b], []).fresh).toEqual([0, 1]);
  });

  it('within one sync batch, a pending twin of a booked transaction is the same one', () => {
    const booked = incoming({ identityId: 'posted-1', identityKind: 'provider' });
    const pending = incoming({ identityId: 'pending-1', identityKind: 'provider', pending: true });
    const result = findDuplicates([pending, booked], []);
    expect(result.fresh).toEqual([1]);
    expect(result.duplicates).toEqual([{ index: 0, by: 'batch', of: 1 }]);
  });

  it('a repeated id within a batch is one transaction', () => {
    const result = findDuplicates([incoming({ identityId: 'p-1' }), incoming({ identityId: 'p-1' })], []);
    expect(result.fresh).toEqual([0]);
    expect(result.duplicates).toEqual([{ index: 1, by: 'batch', of: 0 }]);
  });

  it('turns similarity off when asked', () => {
    const result = findDuplicates([incoming({ identityId: 'none-1', identityKind: 'none' })], [known()], { similar: false });
    expect(result.fresh).toEqual([0]);
  });
});
