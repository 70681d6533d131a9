// A small line-based reader for the YAML our own files use (docker-compose.yml), for tests that check
// their shape — no YAML library is installed, and adding one for a test was not worth a dependency.
//
// What it reads: block mappings and block sequences by indentation (spaces), plain and quoted scalars,
// anchors (`&name`), aliases (`*name`) and merge keys (`<<: *name`, `<<: [*a, *b]`) with YAML's
// semantics — shallow: a key written in the mapping wins over a merged one, and a merged `environment:`
// is replaced whole, not combined, by a local `environment:` (the very mistake the compose test guards).
// Flow collections (`[a, b]`, `{ k: v }`) on one line stay as their text (see `flowItems`); block
// scalars (`|`, `>`) are kept as their raw lines. Anything else — tabs, multi-line flow collections,
// mappings inside sequence items — is refused with the line number, never guessed.

export type YamlValue = string | YamlValue[] | YamlMapping;
export type YamlMapping = { [key: string]: YamlValue };

type Line = { number: number; indent: number; text: string };

export class UnsupportedYaml extends Error {}

const refuse = (line: Line, why: string) => new UnsupportedYaml(`line ${line.number}: ${why}: ${line.text}`);

/** Drops a trailing ` # comment` outside quotes. */
function withoutComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

function toLines(source: string): Line[] {
  const lines: Line[] = [];
  source.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const indent = line.length - line.trimStart().length;
    if (/^\s*\t/.test(line)) throw refuse({ number: index + 1, indent, text: line }, 'tab indentation');
    const text = withoutComment(line.trimStart());
    if (text === '' || text === '---') return;
    lines.push({ number: index + 1, indent, text });
  });
  return lines;
}

const unquote = (text: string) => (/^(".*"|'.*')$/.test(text) ? text.slice(1, -1) : text);

/** The items of a one-line flow sequence (`[a, "b"]`), or of a block sequence already read. */
export function flowItems(value: YamlValue | undefined): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  if (typeof value !== 'string') throw new UnsupportedYaml(`not a sequence: ${JSON.stringify(value)}`);
  const inner = /^\[(.*)\]$/.exec(value.trim());
  if (!inner) throw new UnsupportedYaml(`not a flow sequence: ${value}`);
  return inner[1].split(',').map((item) => unquote(item.trim())).filter((item) => item !== '');
}

export function readYaml(source: string): YamlMapping {
  const lines = toLines(source);
  const anchors = new Map<string, YamlValue>();
  let i = 0;

  const alias = (text: string, line: Line): YamlValue => {
    const name = /^\*([\w.-]+)$/.exec(text)?.[1];
    if (!name) throw refuse(line, 'alias');
    const value = anchors.get(name);
    if (value === undefined) throw refuse(line, `unknown anchor *${name}`);
    return value;
  };

  const scalar = (text: string, line: Line): string => {
    const opens = (text.match(/[[{]/g) ?? []).length;
    const closes = (text.match(/[\]}]/g) ?? []).length;
    if (/^[[{]/.test(text) && opens !== closes) throw refuse(line, 'flow collection over several lines');
    return unquote(text);
  };

  const blockScalar = (indent: number): string => {
    const content: string[] = [];
    while (i < lines.length && lines[i].indent > indent) content.push(lines[i++].text);
    return content.join('\n');
  };

  /** The value after `key:` or `-` when nothing follows on the line: a nested block, or empty. */
  const nested = (indent: number, inSequence: boolean): YamlValue => {
    if (i >= lines.length) return '';
    const next = lines[i];
    if (next.indent > indent) return block(next.indent);
    // A sequence may sit at its key's own indentation ("key:\n- a").
    if (!inSequence && next.indent === indent && /^-(\s|$)/.test(next.text)) return sequence(indent);
    return '';
  };

  const sequence = (indent: number): YamlValue[] => {
    const items: YamlValue[] = [];
    while (i < lines.length && lines[i].indent === indent && /^-(\s|$)/.test(lines[i].text)) {
      const line = lines[i++];
      const rest = line.text.slice(1).trim();
      if (rest === '') items.push(nested(indent, true));
      else if (rest.startsWith('*')) items.push(alias(rest, line));
      else if (/^("[^"]*"|'[^']*'|[^\s"'[{][^:]*):(\s|$)/.test(rest)) throw refuse(line, 'mapping inside a sequence item');
      else items.push(scalar(rest, line));
    }
    return items;
  };

  const mapping = (indent: number): YamlMapping => {
    const own: YamlMapping = {};
    const merged: YamlMapping[] = [];
    while (i < lines.length && lines[i].indent === indent) {
      const line = lines[i];
      if (/^-(\s|$)/.test(line.text)) break;
      const entry = /^("[^"]*"|'[^']*'|[^\s"'][^:]*?)\s*:(?:\s+(.*))?$/.exec(line.text);
      if (!entry) throw refuse(line, 'not a "key: value" line');
      i++;
      const key = unquote(entry[1]);
      let rest = entry[2]?.trim() ?? '';
      const anchored = /^&([\w.-]+)(?:\s+(.*))?$/.exec(rest);
      if (anchored) rest = anchored[2]?.trim() ?? '';
      let value: YamlValue;
      if (rest === '') value = nested(indent, false);
      else if (rest.startsWith('*')) value = alias(rest, line);
      else if (/^[|>][-+0-9]*$/.test(rest)) value = blockScalar(indent);
      else if (key === '<<' && rest.startsWith('[')) value = flowItems(rest).map((name) => alias(name, line));
      else value = scalar(rest, line);
      if (anchored) anchors.set(anchored[1], value);
      if (key === '<<') {
        for (const source of Array.isArray(value) ? value : [value]) {
          if (typeof source !== 'object' || Array.isArray(source)) throw refuse(line, 'merge of something not a mapping');
          merged.push(source);
        }
      } else {
        if (key in own) throw refuse(line, `duplicate key ${key}`);
        own[key] = value;
      }
    }
    if (i < lines.length && lines[i].indent > indent) throw refuse(lines[i], 'unexpected indentation');
    // Of several merged mappings the first wins; the mapping's own keys win over all of them.
    return Object.assign({}, ...[...merged].reverse(), own) as YamlMapping;
  };

  const block = (indent: number): YamlValue => (/^-(\s|$)/.test(lines[i].text) ? sequence(indent) : mapping(indent));

  if (lines.length === 0) return {};
  if (lines[0].indent !== 0) throw refuse(lines[0], 'the document must start at column 0');
  const document = mapping(0);
  if (i < lines.length) throw refuse(lines[i], 'unexpected line');
  return document;
}

export const isMapping = (value: YamlValue | undefined): value is YamlMapping => typeof value === 'object' && value !== null && !Array.isArray(value);
