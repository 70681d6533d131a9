// The text every hash is taken over: canonicalJson, and toJsonSafe, which copies event data
// without a JSON text round trip. Both must give exactly what stored events were written with.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonSafe, chainHash, eventHash, metadataTextWith, toJsonSafe } from './hash-chain';

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members, keeps arrays in order and writes bigint as strings', () => {
    const value = { b: [3, { z: 1, a: undefined, m: null }, 'x'], a: 10n, 'ç': 'é', A: true, nested: { y: [], x: {} } };
    expect(canonicalJson(value)).toBe('{"A":true,"a":"10","b":[3,{"m":null,"z":1},"x"],"nested":{"x":{},"y":[]},"ç":"é"}');
    expect(canonicalJson([undefined, null])).toBe('[null,null]');
    expect(canonicalJson('aspas "e" \\ barras')).toBe('"aspas \\"e\\" \\\\ barras"');
  });

  it('tells apart objects whose keys share their count and first key, or come in another order', () => {
    const texts = [{ a: 1, b: 2, c: 3 }, { a: 1, c: 3, b: 2 }, { a: 1, b: 2, d: 4 }, { b: 2, a: 1, c: 3 }, { a: 1, b: 2, c: 3 }].map((v) => canonicalJson(v));
    expect(texts).toEqual(['{"a":1,"b":2,"c":3}', '{"a":1,"b":2,"c":3}', '{"a":1,"b":2,"d":4}', '{"a":1,"b":2,"c":3}', '{"a":1,"b":2,"c":3}']);
    expect(canonicalJson({})).toBe('{}');
  });

  it('gives the hash events were chained with before (a stored history keeps verifying)', () => {
    // Taken from an event appended before this implementation: its hash must never change.
    expect(eventHash({
      streamId: 'expense-0193a0b2-0000-7000-8000-000000000001', revision: 0, type: 'ExpenseRecorded',
      data: { amount: '125050', description: 'Aluguel', date: '2026-11-01' },
      metadata: { organizationId: '0193a0b2-0000-7000-8000-00000000000a', actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: '2026-11-01T12:00:00.000Z', prevHash: null },
    })).toBe(HASH_BEFORE);
  });
});

const HASH_BEFORE = '40b33cbd512956ce0a8e9c1b0f28d076f36379588906806bf50eddd07178f38c';

/** The first implementation, kept as the reference the stored events were written with. */
const referenceSafe = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
const eventData = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.bigInt(),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('10', '2', 'a-b', 'é', 'Z')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('toJsonSafe', () => {
  it('copies event data exactly as the JSON round trip did (bigint money as text, dates as ISO text)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), eventData, { maxKeys: 6 }), (data) => {
        expect(toJsonSafe(data)).toStrictEqual(referenceSafe(data));
      }),
    );
  });

  it('gives an event recorded before this change the same hash', () => {
    const data = toJsonSafe({ expenseId: '0b6c2f1e-6f1d-4c57-9d0a-3f8f2b7a9e10', amount: 123456n, description: 'Aluguel é ção', tags: ['b', 'a'], note: undefined });
    expect(canonicalJson(data)).toBe('{"amount":"123456","description":"Aluguel é ção","expenseId":"0b6c2f1e-6f1d-4c57-9d0a-3f8f2b7a9e10","tags":["b","a"]}');
    const hash = eventHash({
      streamId: 'expense-0b6c2f1e-6f1d-4c57-9d0a-3f8f2b7a9e10',
      revision: 0,
      type: 'ExpenseRecorded',
      data,
      metadata: { organizationId: 'org', actorUserId: null, correlationId: 'c', causationId: null, requestId: null, occurredAt: '2026-01-02T03:04:05.000Z', prevHash: null },
    });
    expect(hash).toBe('482e0db576f96433ddc5ce65ff89a26f277b07f827102d1428e2bb5a9d5d3d35');
  });
});

describe('canonicalJsonSafe', () => {
  it('gives the copy toJsonSafe gives and its canonicalJson text, whatever the keys and their order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('10', '2', '0', '01', '__proto__', 'a-b', 'é', 'Z')), eventData, { maxKeys: 6 }), (data) => {
        const { data: copy, text } = canonicalJsonSafe(data);
        expect(copy).toStrictEqual(toJsonSafe(data));
        expect(text).toBe(canonicalJson(toJsonSafe(data)));
      }),
      { numRuns: 1_000 },
    );
    expect(canonicalJsonSafe({ b: 1, '10': 2, '9': 3, a: [{ z: 1n, y: undefined }] }).text).toBe('{"10":2,"9":3,"a":[{"z":"1"}],"b":1}');
  });
});

describe('chainHash and metadataTextWith', () => {
  it('give the hash eventHash gives, for any metadata and prevHash', () => {
    const text = fc.oneof(fc.string(), fc.constant(null));
    const metadata = fc.record({
      organizationId: text, actorUserId: text, impersonatorUserId: fc.option(fc.string(), { nil: undefined }), correlationId: fc.string(), causationId: text,
      requestId: text, occurredAt: fc.string(), extra: fc.option(eventData, { nil: undefined }),
    });
    fc.assert(
      fc.property(metadata, fc.option(fc.string()), fc.dictionary(fc.string(), eventData, { maxKeys: 4 }), fc.nat(), (meta, prevHash, raw, revision) => {
        const data = toJsonSafe(raw);
        const shared = toJsonSafe(meta) as Parameters<typeof metadataTextWith>[0];
        expect(metadataTextWith(shared, prevHash)).toBe(canonicalJson({ ...shared, prevHash }));
        // The second call reads the template the first wrote.
        expect(metadataTextWith(shared, prevHash)).toBe(canonicalJson({ ...shared, prevHash }));
        expect(chainHash('stream-1', revision, 'ExpenseRecorded', canonicalJson(data), metadataTextWith(shared, prevHash)))
          .toBe(eventHash({ streamId: 'stream-1', revision, type: 'ExpenseRecorded', data, metadata: { ...shared, prevHash } }));
      }),
      { numRuns: 500 },
    );
  });
});
