// Builds the element tree of an OFX body, inferring the end tags SGML files leave out.
//
// OFX 1.x is SGML: leaf elements (<TRNAMT>-1.00) usually have no end tag. An element followed by
// text is a leaf whose value runs to the next tag. An element followed by another tag is
// provisionally an aggregate; if it is never closed (<BALAMT> with no value, then <DTASOF>) it
// becomes an empty leaf and its would-be children move up to its parent.
// Known structural aggregates (below) are never turned into leaves. Real exports also omit some of
// their end tags (Nubank never closes <BANKTRANLIST>), so one is closed implicitly, with a warning,
// when an ancestor's end tag arrives or when a tag that cannot live inside it opens (<LEDGERBAL>
// inside <BANKTRANLIST>). A known aggregate still open at the end of the input means a truncated file.
import { OfxParseError } from './errors';
import { unescapeEntities } from './entities';
import type { LineOf } from './lines';
import type { Token } from './tokenize';

export type OfxNode = {
  name: string;
  line: number;
  children: OfxNode[];
  /** Leaf value with entities resolved (untrimmed); null for an aggregate. */
  value: string | null;
};

const AGGREGATES = new Set([
  'OFX', 'SIGNONMSGSRSV1', 'SIGNONMSGSRQV1', 'SONRS', 'SONRQ', 'STATUS', 'FI',
  'BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS', 'BANKACCTFROM', 'BANKACCTTO', 'BANKTRANLIST', 'STMTTRN',
  'LEDGERBAL', 'AVAILBAL', 'BALLIST',
  'CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS', 'CCACCTFROM', 'CCACCTTO',
  'INVSTMTMSGSRSV1', 'INVSTMTTRNRS', 'INVSTMTRS', 'INVACCTFROM', 'INVTRANLIST', 'INVBANKTRAN', 'INVPOSLIST', 'INVBAL',
]);

/** Where structural elements may sit: opening one elsewhere closes the elements in between. */
const PARENTS: Record<string, readonly string[]> = {
  STMTTRN: ['BANKTRANLIST', 'STMTRS', 'CCSTMTRS', 'INVBANKTRAN'],
  BANKTRANLIST: ['STMTRS', 'CCSTMTRS'],
  LEDGERBAL: ['STMTRS', 'CCSTMTRS'],
  AVAILBAL: ['STMTRS', 'CCSTMTRS'],
  BALLIST: ['STMTRS', 'CCSTMTRS', 'INVSTMTRS', 'INVBAL'],
  STMTRS: ['STMTTRNRS'],
  CCSTMTRS: ['CCSTMTTRNRS'],
  INVSTMTRS: ['INVSTMTTRNRS'],
  STMTTRNRS: ['BANKMSGSRSV1'],
  CCSTMTTRNRS: ['CREDITCARDMSGSRSV1'],
  INVSTMTTRNRS: ['INVSTMTMSGSRSV1'],
  SIGNONMSGSRSV1: ['OFX'],
  BANKMSGSRSV1: ['OFX'],
  CREDITCARDMSGSRSV1: ['OFX'],
  INVSTMTMSGSRSV1: ['OFX'],
};

const MAX_DEPTH = 64;
const MAX_NOTES = 5;

export function buildTree(tokens: Token[], lineOf: LineOf, warnings: string[]): OfxNode {
  const root: OfxNode = { name: '#document', line: 1, children: [], value: null };
  const stack: OfxNode[] = [root];
  let notes = 0;
  const note = (message: string) => {
    if (notes++ < MAX_NOTES) warnings.push(message);
  };
  const closeDownTo = (depth: number, reason: string) => {
    while (stack.length - 1 > depth) {
      const node = stack.pop()!;
      if (AGGREGATES.has(node.name)) {
        note(`Linha ${node.line}: <${node.name}> sem </${node.name}>; fechado implicitamente ${reason}.`);
      } else {
        // Never closed and never given a value: an empty leaf, whose would-be children belong to its parent.
        for (const child of node.children) stack[stack.length - 1].children.push(child);
        node.children = [];
        node.value = '';
      }
    }
  };

  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i++];
    if (token.kind === 'text') continue; // indentation, or text outside any leaf: not data we read
    if (token.kind === 'close') {
      const at = findOpen(stack, [token.name]);
      if (at < 0) {
        note(`Linha ${lineOf(token.start)}: </${token.name}> sem abertura correspondente foi ignorada.`);
        continue;
      }
      closeDownTo(at, `antes de </${token.name}> (linha ${lineOf(token.start)})`);
      stack.pop();
      continue;
    }
    const line = lineOf(token.start);
    const parents = PARENTS[token.name];
    if (parents && !parents.includes(stack[stack.length - 1].name)) {
      const at = findOpen(stack, parents);
      if (at >= 0) closeDownTo(at, `antes de <${token.name}> (linha ${line})`);
    }
    const node: OfxNode = { name: token.name, line, children: [], value: null };
    stack[stack.length - 1].children.push(node);
    if (token.selfClosing) {
      if (!AGGREGATES.has(node.name)) node.value = '';
      continue;
    }
    if (!AGGREGATES.has(node.name)) {
      let j = i;
      let value = '';
      while (j < tokens.length && tokens[j].kind === 'text') {
        const piece = tokens[j++] as Extract<Token, { kind: 'text' }>;
        value += piece.cdata ? piece.text : unescapeEntities(piece.text);
      }
      const next = tokens[j];
      const closesItself = next?.kind === 'close' && next.name === node.name;
      if (value.trim() !== '' || closesItself) {
        node.value = value;
        i = closesItself ? j + 1 : j;
        continue;
      }
    }
    if (stack.length > MAX_DEPTH) {
      throw new OfxParseError(`Linha ${line}: estrutura OFX aninhada demais (mais de ${MAX_DEPTH} níveis).`, line);
    }
    stack.push(node);
  }

  for (let k = stack.length - 1; k > 0; k--) {
    const node = stack[k];
    if (AGGREGATES.has(node.name)) {
      throw new OfxParseError(`Arquivo OFX truncado: <${node.name}> aberto na linha ${node.line} não foi fechado.`, node.line);
    }
  }
  closeDownTo(0, 'no fim do arquivo');
  return root;
}

function findOpen(stack: OfxNode[], names: readonly string[]): number {
  for (let k = stack.length - 1; k > 0; k--) if (names.includes(stack[k].name)) return k;
  return -1;
}

export function child(node: OfxNode, name: string): OfxNode | undefined {
  return node.children.find((c) => c.name === name);
}

/** A leaf's trimmed value; null when absent, blank or not a leaf. */
export function text(node: OfxNode, name: string): string | null {
  return child(node, name)?.value?.trim() || null;
}

/** Depth-first, document order; `visit` returns false to skip a node's children. Depth is bounded by the tree builder. */
export function walk(node: OfxNode, visit: (node: OfxNode) => boolean): void {
  for (const c of node.children) if (visit(c)) walk(c, visit);
}

export function findFirst(root: OfxNode, test: (node: OfxNode) => boolean): OfxNode | undefined {
  let hit: OfxNode | undefined;
  walk(root, (node) => {
    if (hit) return false;
    if (test(node)) hit = node;
    return !hit;
  });
  return hit;
}
