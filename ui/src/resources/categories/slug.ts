// Spec §5: a category's slug is its name lowercased with spaces to hyphens.
export const categorySlug = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');
