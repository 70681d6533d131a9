// Single-use links (password reset, e-mail change): the token goes in the link, only its hash is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');
