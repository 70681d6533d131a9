// OFX/QFX statement reader (OFX 1.x SGML and 2.x XML): pure, no I/O; the import endpoint wires it.
export type { OfxDocument, OfxStatement, OfxTransaction } from './types';
export { OfxParseError } from './errors';
export { decodeOfxBytes } from './decode';
export { parseOfx } from './parse';
