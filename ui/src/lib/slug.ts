// Organization slugs as the register form derives them from the organization name (spec §5).

/** `'Padaria São João Ltda.'` → `'padaria-sao-joao-ltda'`: lowercase, no accents, hyphens between words. */
export const slugify = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');

/** What a slug may contain (the register form's hint: only letters, numbers and hyphens). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
