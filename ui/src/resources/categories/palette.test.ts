import { describe, expect, it } from 'vitest';
import { CATEGORY_PALETTE, nextCategoryColor } from './palette';

describe('nextCategoryColor', () => {
  it('gives the first colour no category uses, ignoring case', () => {
    expect(nextCategoryColor([])).toBe('#6366f1');
    expect(nextCategoryColor(['#6366F1', '#0ea5e9', '#f59e0b', '#10b981', '#ec4899'])).toBe('#ef4444');
    expect(nextCategoryColor(['#0ea5e9'])).toBe('#6366f1');
  });

  it('keeps giving unused colours past the palette', () => {
    const used: string[] = [...CATEGORY_PALETTE];
    for (let i = 0; i < 10; i += 1) {
      const color = nextCategoryColor(used);
      expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(used).not.toContain(color);
      used.push(color);
    }
  });
});
