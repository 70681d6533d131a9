import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slug';

describe('slugify', () => {
  it('lowercases, strips accents and joins words with single hyphens', () => {
    expect(slugify('Padaria São João Ltda.')).toBe('padaria-sao-joao-ltda');
    expect(slugify('  Açaí & Cia -- Filial 2 ')).toBe('acai-cia-filial-2');
  });

  it('gives an empty slug for a name without letters or digits', () => {
    expect(slugify('¿?!')).toBe('');
  });

  it('produces only what the slug pattern accepts', () => {
    for (const name of ['Fluxo', 'Ótica Visão 360°', 'A_B.C']) expect(slugify(name)).toMatch(SLUG_PATTERN);
  });
});
