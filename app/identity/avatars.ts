// Avatar images: parsed from the profile's inline data string, stored apart from events, served by reference.
import { createHash } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { asPlatform, asTenant } from '../db/platform';
import { DomainError, validationError } from '../../domain/shared/errors';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_WRONG_TYPE = 'Por favor, selecione uma imagem';
export const AVATAR_TOO_LARGE = 'A imagem deve ter no máximo 2MB';

// Raster formats only: an SVG is a document that can carry scripts.
const signatures: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export type AvatarImage = { mime: string; bytes: Buffer };

/** `data:image/png;base64,…` → the image, checked by declared type, content signature and size. */
export function parseAvatarDataUrl(value: string): AvatarImage {
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(?:;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
  if (!match) throw validationError(AVATAR_WRONG_TYPE, { avatar: AVATAR_WRONG_TYPE });
  const mime = match[1].toLowerCase() === 'image/jpg' ? 'image/jpeg' : match[1].toLowerCase();
  const check = signatures[mime];
  if (!check) throw validationError(AVATAR_WRONG_TYPE, { avatar: AVATAR_WRONG_TYPE });
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw new DomainError('too_large', AVATAR_TOO_LARGE, { avatar: AVATAR_TOO_LARGE });
  if (bytes.length === 0 || !check(bytes)) throw validationError(AVATAR_WRONG_TYPE, { avatar: AVATAR_WRONG_TYPE });
  return { mime, bytes };
}

/** Stores the image for its owner and returns its reference (`avatar:<sha256>`), the value events carry. */
export async function storeAvatar(db: CommonQueryMethods, owner: { userId: string; organizationId: string | null }, image: AvatarImage): Promise<string> {
  const ref = `avatar:${createHash('sha256').update(image.bytes).digest('hex')}`;
  const insert = (tx: CommonQueryMethods) => tx.query(sql.unsafe`
    INSERT INTO avatars (ref, user_id, organization_id, mime, bytes)
    VALUES (${ref}, ${owner.userId}, ${owner.organizationId}, ${image.mime}, ${sql.binary(image.bytes)})
    ON CONFLICT (ref, user_id) DO NOTHING`);
  // A member's avatar is written as their organization; a super admin's (no organization) as the platform.
  await (owner.organizationId ? asTenant(db, owner.organizationId, insert) : asPlatform(db, insert));
  return ref;
}

const avatarRow = z.object({ mime: z.string(), bytes: z.instanceof(Buffer) });

/** Reads an avatar the viewer may see: their own, or (under the tenant's RLS) one of their organization. */
export function readAvatar(db: CommonQueryMethods, ref: string, viewer: { userId: string; organizationId: string | null; platformWide: boolean }) {
  const scope = viewer.platformWide
    ? sql.fragment`TRUE`
    : viewer.organizationId
      ? sql.fragment`(user_id = ${viewer.userId} OR organization_id = ${viewer.organizationId})`
      : sql.fragment`user_id = ${viewer.userId}`;
  return db.maybeOne(sql.type(avatarRow)`SELECT mime, bytes FROM avatars WHERE ref = ${ref} AND ${scope} LIMIT 1`);
}
