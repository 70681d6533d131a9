// A toast as a person sees it: its own opaque background (react-admin shows a custom toast element
// without the snackbar's), and text that stands out from it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type Look = { background: string; color: string; text: string };

const channels = (rgb: string): number[] => (rgb.match(/[\d.]+/g) ?? []).map(Number);

/** WCAG relative luminance of 'rgb(r, g, b)'. */
const luminance = (rgb: string): number => {
  const [r, g, b] = channels(rgb).slice(0, 3).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** Waits for the toast titled `title` and checks it is readable: an opaque background, contrast of at least 3:1. */
export async function expectReadableToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title }).first();
  await toast.waitFor();
  if (description) await toast.getByText(description).waitFor();
  const look: Look = await toast.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, color: style.color, text: element.textContent ?? '' };
  });
  const alpha = channels(look.background)[3] ?? 1;
  expect(alpha, `toast «${look.text}» background ${look.background}`).toBe(1);
  const [light, dark] = [luminance(look.background), luminance(look.color)].sort((a, b) => b - a);
  expect((light + 0.05) / (dark + 0.05), `toast «${look.text}»: ${look.color} on ${look.background}`).toBeGreaterThanOrEqual(3);
}
