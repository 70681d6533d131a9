import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of up to two words', () => {
    expect(initialsOf('Maria Silva Souza')).toBe('MS');
    expect(initialsOf('joao.pereira')).toBe('JP');
    expect(initialsOf('admin')).toBe('A');
  });

  it("falls back to 'TF' without a username", () => {
    expect(initialsOf(undefined)).toBe('TF');
    expect(initialsOf('')).toBe('TF');
  });
});
