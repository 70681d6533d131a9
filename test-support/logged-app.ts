// A test app whose log lines are kept for the test to read (the links a mail server would send).
import type { TestApp } from './app';

export type LogLine = { obj: Record<string, unknown>; msg?: string };

/** Every line the app logs from now on, in order; the routes share this logger object. */
export function captureLog(t: TestApp): LogLine[] {
  const logged: LogLine[] = [];
  const capture = (obj: object | string, msg?: string) => void logged.push({ obj: typeof obj === 'string' ? { msg: obj } : (obj as Record<string, unknown>), msg });
  Object.assign(t.deps.logger, { info: capture, warn: capture, error: capture, debug: capture });
  return logged;
}
