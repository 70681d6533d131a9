// Splits an OFX body into tags and text in one linear pass; a "<" that does not form a tag stays text.

export type Token =
  | { kind: 'open'; name: string; start: number; selfClosing: boolean }
  | { kind: 'close'; name: string; start: number }
  | { kind: 'text'; text: string; start: number; cdata: boolean };

const MAX_NAME = 64;

export function tokenize(text: string, from = 0): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let textStart = from;
  let i = from;
  const flush = (to: number) => {
    if (to > textStart) tokens.push({ kind: 'text', text: text.slice(textStart, to), start: textStart, cdata: false });
  };
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      flush(lt);
      i = textStart = skipPast(text, '-->', lt + 4);
    } else if (text.startsWith('<![CDATA[', lt)) {
      flush(lt);
      const close = text.indexOf(']]>', lt + 9);
      const end = close < 0 ? n : close;
      tokens.push({ kind: 'text', text: text.slice(lt + 9, end), start: lt, cdata: true });
      i = textStart = close < 0 ? n : close + 3;
    } else if (text.startsWith('<?', lt)) {
      flush(lt);
      i = textStart = skipPast(text, '?>', lt + 2);
    } else if (text.startsWith('<!', lt)) {
      flush(lt);
      i = textStart = skipPast(text, '>', lt + 2);
    } else {
      const tag = readTag(text, lt);
      if (tag === null) {
        i = lt + 1;
        continue;
      }
      flush(lt);
      tokens.push(tag.token);
      i = textStart = tag.end;
    }
  }
  flush(n);
  return tokens;
}

function skipPast(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  return at < 0 ? text.length : at + terminator.length;
}

/** `<NAME>`, `<NAME/>` or `</NAME>` with optional blanks before `>`; names are upper-cased (SGML is case-blind). */
function readTag(text: string, lt: number): { token: Token; end: number } | null {
  let i = lt + 1;
  const closing = text.charCodeAt(i) === 47; // '/'
  if (closing) i++;
  const nameStart = i;
  if (!isNameStart(text.charCodeAt(i))) return null;
  while (i < text.length && i - nameStart <= MAX_NAME && isNameChar(text.charCodeAt(i))) i++;
  if (i - nameStart > MAX_NAME) return null;
  const name = text.slice(nameStart, i).toUpperCase();
  while (isBlank(text.charCodeAt(i))) i++;
  let selfClosing = false;
  if (!closing && text.charCodeAt(i) === 47) {
    selfClosing = true;
    i++;
  }
  if (text.charCodeAt(i) !== 62) return null; // '>'
  const token: Token = closing ? { kind: 'close', name, start: lt } : { kind: 'open', name, start: lt, selfClosing };
  return { token, end: i + 1 };
}

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
