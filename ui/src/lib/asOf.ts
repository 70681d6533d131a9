// 'Ver como em': the instant a screen shows its data as of, carried in the URL (?asOf=…) so it can
// be shared. Instants are picked and shown in São Paulo time; the URL holds them with their offset
// ('2025-03-12T14:30-03:00'), which the API takes as is.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TIME_ZONE } from './format';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** An instant → São Paulo wall clock 'YYYY-MM-DDTHH:MM' (the value of a datetime-local input). */
export function saoPauloWallClock(instant: Date): string {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** São Paulo offset in minutes at an instant (−180; −120 in the summer time Brazil kept until 2019). */
function offsetAt(instant: Date): number {
  const wall = saoPauloWallClock(instant);
  const [, y, mo, d, h, mi] = WALL.exec(wall)!.map(Number);
  return (Date.UTC(y, mo - 1, d, h, mi) - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000;
}

/**
 * São Paulo wall clock 'YYYY-MM-DDTHH:MM' → the URL's instant with its offset
 * ('2025-03-12T14:30-03:00'); null when the text is not a valid date and time.
 */
export function asOfFromWallClock(value: string): string | null {
  const match = WALL.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  let offset = offsetAt(new Date(asUtc + 180 * 60_000));
  let instant = new Date(asUtc - offset * 60_000);
  const settled = offsetAt(instant);
  if (settled !== offset) {
    offset = settled;
    instant = new Date(asUtc - offset * 60_000);
  }
  if (Number.isNaN(instant.getTime()) || saoPauloWallClock(instant) !== value) return null;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${value}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The URL's asOf as a Date, or null when absent or not an instant the API would take. */
export function parseAsOf(value: string | null | undefined): Date | null {
  if (!value || !INSTANT.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** '12/03/2025 14:30' in São Paulo time. */
export function asOfLabel(instant: Date): string {
  const [date, time] = saoPauloWallClock(instant).split('T');
  return `${date.split('-').reverse().join('/')} ${time}`;
}

export type AsOfState = {
  /** The URL's value, as sent to the API; null = the present. */
  asOf: string | null;
  instant: Date | null;
  setAsOf: (value: string | null) => void;
};

/** The screen's asOf from the URL; setting it pushes a history entry, so Back returns to the present. */
export function useAsOf(): AsOfState {
  const [params, setParams] = useSearchParams();
  const raw = params.get('asOf');
  const instant = parseAsOf(raw);
  const setAsOf = useCallback((value: string | null) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('asOf', value);
      else next.delete('asOf');
      return next;
    });
  }, [setParams]);
  return { asOf: instant ? raw : null, instant, setAsOf };
}
