// Deterministic identities of bank accounts and bank transactions, so the same transaction always
// gets the same ImportedTransaction id (one stream) however often, and from wherever, it arrives.
//
// Account key: sha256 of "<bank code>|<account number>", both normalised (domain/banking/banks.ts:
// BB '1' = '001', '54321-9' = '543219'), so a statement and a connection of the same account meet
// without the full account number entering an event.
//
// Transaction identity (hashed with the organization and the account key into a UUIDv5):
//   fitid    : FITID | posted date | signed amount | n — a bank's FITID (OFX, and the sandbox bank,
//              whose feed carries the FITIDs its statements carry). Date and amount are part of the
//              key because real FITIDs are not unique: Inter gives every transaction of a day the
//              same FITID, Nubank repeats a purchase's FITID on each installment, Caixa writes
//              "000000" for fees. n numbers transactions identical in all three within one
//              statement (0, 1, …), so two equal rows of one file stay two, and the same file read
//              again gives the same n.
//   provider : provider | the feed's own id — an aggregator's transaction id (Pluggy), or a
//              sandbox transaction still pending (banks give pending ones a temporary id).
//   none     : posted date | signed amount | normalised description | n — no usable FITID.
import { createHash, hash } from 'node:crypto';
import { normalizeAccountNumber, normalizeBankId } from '../../domain/banking/banks';
import type { IdentityKind } from '../../domain/banking/dedup';
import { normalizeText } from '../../domain/banking/descriptions';

// Fixed forever: changing them would give every known transaction a new id.
export const TRANSACTION_NAMESPACE = '3b8f5f0e-6a0c-4f4e-9d65-7f1d2a9c4b10';
export const LEDGER_NAMESPACE = '9a4c2e71-0d3b-4b8e-8f16-52c7e0a1d9f3';

/** Each namespace's 16 bytes, followed by room for the names hashed under it. */
const namespaceInputs = new Map<string, Buffer>();
const NAME_ROOM = 2048;
const VARIANT_DIGITS = '89ab';

/**
 * RFC 4122 UUIDv5 (SHA-1 of namespace and UTF-8 name), the same ids as the uuid package's v5, with
 * node:crypto's one-shot hash over the namespace and the name written after it in one reused buffer
 * (no Hash object, no digest buffer): an OFX file of 10,000 transactions needs 20,000 of them, and
 * this takes about half the time of createHash().update().update().digest().
 */
export function uuidV5(name: string, namespace: string): string {
  let input = namespaceInputs.get(namespace);
  if (!input) {
    input = Buffer.alloc(16 + NAME_ROOM);
    Buffer.from(namespace.replaceAll('-', ''), 'hex').copy(input, 0);
    namespaceInputs.set(namespace, input);
  }
  const hex = name.length * 3 <= NAME_ROOM
    ? hash('sha1', input.subarray(0, 16 + input.write(name, 16, 'utf8')), 'hex')
    : hash('sha1', Buffer.concat([input.subarray(0, 16), Buffer.from(name, 'utf8')]), 'hex');
  // Version 5 in the 13th digit, the RFC variant (10xx) in the 17th.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${VARIANT_DIGITS[parseInt(hex[16], 16) & 3]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function accountKeyOf(bankId: string | null | undefined, accountNumber: string | null | undefined): string {
  const digest = createHash('sha256').update(`${normalizeBankId(bankId)}|${normalizeAccountNumber(accountNumber)}`).digest('hex');
  return `acct_${digest.slice(0, 32)}`;
}

export type TransactionIdentity =
  | { kind: 'fitid'; fitId: string; date: string; amount: bigint; occurrence: number }
  | { kind: 'provider'; provider: string; externalId: string }
  | { kind: 'none'; date: string; amount: bigint; description: string; occurrence: number };

function identityText(identity: TransactionIdentity): string {
  switch (identity.kind) {
    case 'fitid':
      return `fitid|${identity.fitId}|${identity.date}|${identity.amount}|${identity.occurrence}`;
    case 'provider':
      return `provider|${identity.provider}|${identity.externalId}`;
    case 'none':
      return `none|${identity.date}|${identity.amount}|${normalizeText(identity.description)}|${identity.occurrence}`;
  }
}

/** The ImportedTransaction id of this bank transaction in this organization's account. */
export function transactionIdOf(organizationId: string, accountKey: string, identity: TransactionIdentity): { id: string; kind: IdentityKind } {
  return { id: uuidV5(`${organizationId}|${accountKey}|${identityText(identity)}`, TRANSACTION_NAMESPACE), kind: identity.kind };
}

/** The expense or revenue an imported transaction becomes: one id, so it is recorded at most once. */
export function recordedIdOf(importedTransactionId: string): string {
  return uuidV5(importedTransactionId, LEDGER_NAMESPACE);
}

/**
 * Numbers each item among the earlier items with the same key (0 for the first): the `n` of the
 * identities above.
 */
export function occurrences<T>(items: readonly T[], keyOf: (item: T, index: number) => string): number[] {
  const seen = new Map<string, number>();
  return items.map((item, index) => {
    const key = keyOf(item, index);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n;
  });
}
