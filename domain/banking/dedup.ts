// Which incoming bank transactions Fluxo already has: never count a transaction twice.
//
// 1. Identity: every transaction carries a deterministic id of its bank identity (the account, the
//    bank's FITID or the provider's id, see app/banking/keys.ts); a known id is a duplicate.
// 2. Similar: otherwise, a known transaction of the same account with the same signed amount, a
//    date at most WINDOW_DAYS away and a similar description is the same transaction — but only
//    where ids cannot tell: one side has no FITID, the two ids come from different namespaces
//    (a statement's FITID against an aggregator's id), or one side is still pending (banks report
//    a pending transaction under one id and book it under another). Two different FITIDs of the
//    same namespace are two transactions, however alike they look.
// Matching is one-to-one, so two identical PIX payments on one day stay two.
import { daysBetween } from '../shared/dates';
import { descriptionSimilarity } from './descriptions';

export type IdentityKind = 'fitid' | 'provider' | 'none';

export const WINDOW_DAYS = 3;
export const MIN_SIMILARITY = 0.5;

export type IncomingTransaction = {
  identityId: string;
  identityKind: IdentityKind;
  date: string;
  /** Signed centavos (negative = money out). */
  amount: bigint;
  description: string;
  pending: boolean;
};

export type KnownTransaction = {
  importedTransactionId: string;
  /** Its own identity id and, once a pending transaction was booked, the booked one's. */
  identityIds: readonly string[];
  identityKind: IdentityKind;
  date: string;
  amount: bigint;
  description: string;
  pending: boolean;
};

export type Duplicate =
  | { index: number; by: 'identity' | 'similar'; known: KnownTransaction }
  /** The same transaction appeared earlier in this batch (repeated id, or its pending/booked twin). */
  | { index: number; by: 'batch'; of: number };

export type DedupResult = { duplicates: Duplicate[]; fresh: number[] };

type Entry = KnownTransaction & { batchIndex: number | null };

function comparable(known: Entry, incoming: IncomingTransaction): boolean {
  // Within one batch only a pending/booked pair is the same transaction: every STMTTRN of a file counts.
  if (known.batchIndex !== null) return known.pending !== incoming.pending;
  return incoming.identityKind === 'none' || known.identityKind === 'none' || known.identityKind !== incoming.identityKind || known.pending || incoming.pending;
}

export function findDuplicates(
  incoming: readonly IncomingTransaction[],
  known: readonly KnownTransaction[],
  options: { similar: boolean } = { similar: true },
): DedupResult {
  const byIdentity = new Map<string, Entry>();
  const byAmount = new Map<bigint, Entry[]>();
  const add = (entry: Entry) => {
    for (const id of entry.identityIds) if (!byIdentity.has(id)) byIdentity.set(id, entry);
    byAmount.set(entry.amount, [...(byAmount.get(entry.amount) ?? []), entry]);
  };
  for (const k of known) add({ ...k, batchIndex: null });
  const taken = new Set<Entry>();
  const duplicates: Duplicate[] = [];
  const fresh: number[] = [];

  // Booked transactions first, so a pending twin in the same batch matches the booked one.
  const order = incoming.map((_, index) => index).sort((a, b) => Number(incoming[a].pending) - Number(incoming[b].pending) || a - b);
  for (const index of order) {
    const candidate = incoming[index];
    const exact = byIdentity.get(candidate.identityId);
    const match = exact ?? (options.similar ? closestSimilar(candidate, byAmount.get(candidate.amount) ?? [], taken) : null);
    if (match) {
      taken.add(match);
      duplicates.push(match.batchIndex !== null ? { index, by: 'batch', of: match.batchIndex } : { index, by: exact ? 'identity' : 'similar', known: stripEntry(match) });
      continue;
    }
    fresh.push(index);
    add({ importedTransactionId: '', identityIds: [candidate.identityId], identityKind: candidate.identityKind, date: candidate.date, amount: candidate.amount, description: candidate.description, pending: candidate.pending, batchIndex: index });
  }
  fresh.sort((a, b) => a - b);
  return { duplicates: duplicates.sort((a, b) => a.index - b.index), fresh };
}

function stripEntry({ batchIndex: _batchIndex, ...known }: Entry): KnownTransaction {
  return known;
}

function closestSimilar(candidate: IncomingTransaction, sameAmount: readonly Entry[], taken: ReadonlySet<Entry>): Entry | null {
  let best: { entry: Entry; days: number; similarity: number } | null = null;
  for (const entry of sameAmount) {
    if (taken.has(entry) || !comparable(entry, candidate)) continue;
    const days = Math.abs(daysBetween(entry.date, candidate.date));
    if (days > WINDOW_DAYS) continue;
    const similarity = descriptionSimilarity(entry.description, candidate.description);
    if (similarity < MIN_SIMILARITY) continue;
    if (!best || days < best.days || (days === best.days && similarity > best.similarity)) best = { entry, days, similarity };
  }
  return best?.entry ?? null;
}
