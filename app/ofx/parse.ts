// parseOfx: bytes or text of an OFX/QFX file → statements, or one OfxParseError saying what is wrong.
import { decodeOfx, fromFields } from './decode';
import { OfxParseError } from './errors';
import { findBodyStart, readHeader, scanHeaderFields } from './header';
import { lineIndex } from './lines';
import { readStatements } from './statements';
import { tokenize } from './tokenize';
import { buildTree } from './tree';
import type { OfxDocument } from './types';

/** Larger than any real statement export; keeps the work for one request bounded. */
export const MAX_OFX_BYTES = 32 * 1024 * 1024;
const MAX_WARNINGS = 50;

export function parseOfx(input: Uint8Array | string): OfxDocument {
  try {
    return parse(input);
  } catch (error) {
    if (error instanceof OfxParseError) throw error;
    // Nothing else may escape: the importer answers 422 for any file it cannot read.
    throw Object.assign(new OfxParseError('Não foi possível ler o arquivo OFX: conteúdo inesperado.', null), { cause: error });
  }
}

function parse(input: Uint8Array | string): OfxDocument {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    throw new OfxParseError('Conteúdo do arquivo OFX ausente.', null);
  }
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > MAX_OFX_BYTES) {
    throw new OfxParseError(`Arquivo grande demais para um extrato OFX (limite de ${MAX_OFX_BYTES / 1024 / 1024} MB).`, null);
  }
  const decoded = typeof input === 'string' ? fromText(input) : decodeOfx(input);
  const { text } = decoded;
  if (!/\S/.test(text)) throw new OfxParseError('O arquivo OFX está vazio.', null);
  const lineOf = lineIndex(text);
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const line = lineOf(nul);
    throw new OfxParseError(`Linha ${line}: o arquivo contém bytes nulos; não é um extrato OFX em texto (arquivo binário ou corrompido).`, line);
  }
  const warnings = [...decoded.warnings];
  const replaced = text.indexOf('\ufffd');
  if (replaced >= 0) {
    warnings.push(`Linha ${lineOf(replaced)}: o arquivo contém caracteres ilegíveis (�); acentos foram perdidos na exportação do banco.`);
  }
  const header = readHeader(text, lineOf, warnings);
  const root = buildTree(tokenize(text, header.bodyStart), lineOf, warnings);
  const statements = readStatements(root, warnings);
  if (statements.length === 0) {
    throw new OfxParseError('Nenhum extrato encontrado no arquivo OFX (esperava <STMTRS>, <CCSTMTRS> ou <INVSTMTRS>).', null);
  }
  return { version: header.version, charset: decoded.charset, statements, warnings: capped(warnings) };
}

function fromText(input: string): { text: string; charset: string; warnings: string[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const end = findBodyStart(text);
  const declared = fromFields(scanHeaderFields(end < 0 ? '' : text.slice(0, end)));
  return { text, charset: declared.label ?? 'utf-8', warnings: [] };
}

function capped(warnings: string[]): string[] {
  if (warnings.length <= MAX_WARNINGS) return warnings;
  return [...warnings.slice(0, MAX_WARNINGS), `… e mais ${warnings.length - MAX_WARNINGS} aviso(s).`];
}
