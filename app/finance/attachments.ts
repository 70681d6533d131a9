// Expense attachments: the file bytes live in their own table, written before the event that
// refers to them by id and hash, so events stay small and the file can be served to the viewer.
import { createHash } from 'node:crypto';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { checkAttachment, parseDataUrl, UNSUPPORTED_FILE_TYPE, type AttachmentRef } from '../../domain/finance/attachment';
import { validationError } from '../../domain/shared/errors';
import { asTenant } from '../db/platform';
import { protectTenantRows } from '../db/rls';
import { withTenant } from '../db/tenant';
import type { AppDeps } from '../deps';
import { newId } from '../ids';

export async function migrateAttachmentTable(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`
    CREATE TABLE IF NOT EXISTS attachments (
      organization_id uuid NOT NULL,
      id uuid NOT NULL,
      sha256 text NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      size integer NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id)
    )`);
  await protectTenantRows(db, 'attachments');
}

/** What the API receives: the spec's inline data string with its name and MIME type. */
export type AttachmentUpload = { attachmentUrl: string; attachmentName?: string | null; attachmentType?: string | null };

const extensionOf: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'application/pdf': '.pdf' };

/** Decodes and checks an inline upload (type, magic bytes, 10 MB) without storing anything. */
export function decodeUpload(upload: AttachmentUpload): { name: string; type: string; bytes: Uint8Array } {
  const parsed = parseDataUrl(upload.attachmentUrl);
  if (!parsed) throw validationError(UNSUPPORTED_FILE_TYPE, { attachmentUrl: 'Envie o arquivo como data URL (data:<tipo>;base64,…)' });
  const declaredType = upload.attachmentType?.trim() || parsed.type;
  const name = upload.attachmentName?.trim().slice(0, 200) || `anexo${extensionOf[declaredType] ?? ''}`;
  const type = checkAttachment({ name, declaredType, bytes: parsed.bytes });
  return { name, type, bytes: parsed.bytes };
}

/** Stores a checked file for the organization and answers the reference an event carries. */
export async function storeAttachment(deps: AppDeps, organizationId: string, file: { name: string; type: string; bytes: Uint8Array }): Promise<AttachmentRef> {
  const ref: AttachmentRef = {
    id: newId(),
    name: file.name,
    type: file.type,
    size: file.bytes.byteLength,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
  };
  await asTenant(deps.db, organizationId, (tx) => tx.query(sql.unsafe`
    INSERT INTO attachments (organization_id, id, sha256, name, type, size, bytes)
    VALUES (${organizationId}, ${ref.id}, ${ref.sha256}, ${ref.name}, ${ref.type}, ${ref.size}, ${sql.binary(Buffer.from(file.bytes))})`));
  return ref;
}

const attachmentRow = z.object({ name: z.string(), type: z.string(), bytes: z.instanceof(Buffer) });

/** The stored file, read under the tenant's row-level security. */
export function readAttachment(deps: AppDeps, organizationId: string, id: string): Promise<z.infer<typeof attachmentRow> | null> {
  return withTenant(deps.db, organizationId, (tx) =>
    tx.maybeOne(sql.type(attachmentRow)`
      SELECT name, type, bytes FROM attachments WHERE organization_id = ${organizationId} AND id = ${id}`));
}
