import { describe, expect, it } from 'vitest';
import { AnswerStore } from './answer-cache';

const answer = (body: string) => ({ body, headers: [['content-type', 'application/json']] as [string, string][] });

describe('AnswerStore', () => {
  it('drops an answer computed while its organization changed', () => {
    const store = new AnswerStore(1_000, 100);
    const pending = { organizationId: 'a', key: 'k', generation: store.generation('a') };
    store.changed({ organizations: new Set(['a']) });
    store.set(pending, answer('antes'));
    expect(store.get('a', 'k')).toBeUndefined();
    store.set({ ...pending, generation: store.generation('a') }, answer('depois'));
    expect(store.get('a', 'k')?.body).toBe('depois');
  });

  it("forgets only the changed organization's answers, or all of them on a rebuild", () => {
    const store = new AnswerStore(1_000, 100);
    for (const org of ['a', 'b']) store.set({ organizationId: org, key: 'k', generation: store.generation(org) }, answer(org));
    store.changed({ organizations: new Set(['a']) });
    expect(store.get('a', 'k')).toBeUndefined();
    expect(store.get('b', 'k')?.body).toBe('b');
    const pending = { organizationId: 'b', key: 'j', generation: store.generation('b') };
    store.changed('all');
    expect(store.get('b', 'k')).toBeUndefined();
    store.set(pending, answer('velho'));
    expect(store.get('b', 'j')).toBeUndefined();
    expect(store.size).toEqual({ answers: 0, bytes: 0 });
  });

  it('stays within its bytes, evicting the least recently used, and skips answers too large', () => {
    const store = new AnswerStore(30, 20);
    const put = (key: string, body: string) => store.set({ organizationId: 'a', key, generation: store.generation('a') }, answer(body));
    put('1', 'x'.repeat(10));
    put('2', 'y'.repeat(10));
    store.get('a', '1');
    put('3', 'z'.repeat(15));
    expect(store.get('a', '2')).toBeUndefined();
    expect(store.get('a', '1')?.body).toHaveLength(10);
    expect(store.size.bytes).toBe(25);
    put('4', 'w'.repeat(21));
    expect(store.get('a', '4')).toBeUndefined();
  });
});
