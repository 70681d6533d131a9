// The report's growth line beside each card, as the PDF writes it.
import { describe, expect, it } from 'vitest';
import { growthText } from './text';

describe('growthText', () => {
  it('signs a rise, keeps a fall and no change as they are, in pt-BR', () => {
    expect(growthText('12.5%')).toBe('+12,5%');
    expect(growthText('-3%')).toBe('-3%');
    expect(growthText('0%')).toBe('0%');
  });

  it("writes 'n/d' (a change of sign, or nothing before) without a sign", () => {
    expect(growthText('n/d')).toBe('n/d');
  });
});
