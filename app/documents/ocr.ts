// Optical character recognition of receipt images with tesseract.js, fully offline: the language
// data comes from the installed @tesseract.js-data packages and nothing is fetched or cached on disk.
// One worker is started on first use, reused by every call (one image at a time) and stopped by shutdownOcr().
import { copyFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { DomainError } from '../../domain/shared/errors';
import { CORRUPT_IMAGE } from './upload';

const LANGUAGES = ['por', 'eng'] as const;
/** A bound for one image on a busy machine; past it the worker is replaced. */
const RECOGNIZE_TIMEOUT_MS = 120_000;

const require = createRequire(import.meta.url);

/**
 * The LSTM ("best_int") traineddata of each language, inside its npm package. tesseract.js reads
 * every language from one folder, and the packages keep them apart, so they are linked side by side
 * into a private temporary folder.
 */
export function languageDataFiles(): string[] {
  return LANGUAGES.map((lang) => {
    const file = join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int', `${lang}.traineddata.gz`);
    if (!existsSync(file)) throw new Error(`Dados de OCR ausentes: ${file} (reinstale @tesseract.js-data/${lang}).`);
    return file;
  });
}

let langPath: string | null = null;

/** The local folder tesseract.js reads languages from (never a URL, so it never downloads). */
export function languageDataDir(): string {
  if (langPath) return langPath;
  const dir = mkdtempSync(join(tmpdir(), 'fluxo-tessdata-'));
  for (const file of languageDataFiles()) {
    const target = join(dir, basename(file));
    try {
      symlinkSync(file, target);
    } catch {
      copyFileSync(file, target);
    }
  }
  langPath = dir;
  return dir;
}

let worker: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Promise<Worker> {
  // tesseract.js is loaded with the first image to read, not at start.
  const started = import('tesseract.js').then(({ createWorker, OEM }) => createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
    langPath: languageDataDir(),
    gzip: true,
    cacheMethod: 'none',
    // Without a handler tesseract.js rethrows job errors outside the caller's promise.
    errorHandler: () => {},
  })).then(async (created) => {
    await created.setParameters({ preserve_interword_spaces: '1' });
    return created;
  });
  started.catch(() => {
    if (worker === started) worker = null;
  });
  return started;
}

async function stopWorker(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current.catch(() => null))?.terminate();
}

async function recognizeNow(image: Buffer): Promise<string> {
  worker ??= startWorker();
  const current = await worker.catch((error: unknown) => {
    throw new Error(`O leitor de imagens (OCR) não pôde ser iniciado: ${String(error)}`);
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DomainError('unprocessable', 'A leitura da imagem demorou demais. Envie uma imagem menor ou um PDF.')), RECOGNIZE_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([current.recognize(image), timeout]);
    return result.data.text;
  } catch (error) {
    // An image the decoder refused leaves the worker sound; a timeout or any other failure replaces it.
    if (!String(error).includes('Error attempting to read image')) await stopWorker();
    throw error instanceof DomainError ? error : new DomainError('unprocessable', CORRUPT_IMAGE);
  } finally {
    clearTimeout(timer);
  }
}

/** The text of a PNG or JPEG image. Calls wait for each other: the worker reads one image at a time. */
export function recognizeImage(image: Buffer): Promise<string> {
  const run = queue.then(() => recognizeNow(image));
  queue = run.catch(() => {});
  return run;
}

/** Stops the worker and removes the language folder; the next call starts them again. */
export async function shutdownOcr(): Promise<void> {
  await queue;
  await stopWorker();
  if (langPath) rmSync(langPath, { recursive: true, force: true });
  langPath = null;
}
