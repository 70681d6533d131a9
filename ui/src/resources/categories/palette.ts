// Colours for new expense categories: the first one the organization does not use yet, so two
// categories never share a slice colour in the charts unless someone chooses it.

/** Distinct on a white background and from each other; the defaults' colours come first. */
export const CATEGORY_PALETTE = [
  '#6366f1', '#0ea5e9', '#f59e0b', '#10b981', '#ec4899', '#ef4444', '#8b5cf6', '#14b8a6',
  '#f97316', '#84cc16', '#06b6d4', '#a855f7', '#e11d48', '#65a30d', '#0891b2', '#d97706',
] as const;

const hex = (n: number) => Math.round(n * 255).toString(16).padStart(2, '0');

/** HSL (hue in degrees, saturation and lightness 0–1) as `#rrggbb`. */
const fromHsl = (hue: number, s: number, l: number): string => {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
};

/** The first palette colour not in `used` (case ignored); past the palette, hues spread by the golden angle. */
export const nextCategoryColor = (used: readonly string[]): string => {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  const free = CATEGORY_PALETTE.find((color) => !taken.has(color));
  if (free) return free;
  for (let i = 0; ; i += 1) {
    const candidate = fromHsl((i * 137.508) % 360, 0.65, 0.48);
    if (!taken.has(candidate)) return candidate;
  }
};
