// Avatar initials, the fallback when a user has no picture (spec §2, §9: at most 2 letters).

/** `'Maria Silva'` or `'maria.silva'` → `'MS'`; `'TF'` when there is no username. */
export const initialsOf = (username: string | null | undefined): string =>
  (username ?? '')
    .split(/[\s._-]+/)
    .filter(word => word !== '')
    .map(word => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase() || 'TF';
