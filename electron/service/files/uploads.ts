/**
 * Uploads (POST /v1/uploads): a script on the artist's machine sends a large local file once and then
 * names it by its `url` in `model_url`, `image_url` or `animation_url`, without a public address and
 * without `--allow-private-urls`. The bytes stream to `uploads/tmp` while hashed (bounded memory), then
 * move to `uploads/{id}`; they live outside the content-addressed blobs so that an expired upload is
 * removed from disk without asking which jobs share its bytes. A job that uses an upload gets its own
 * copy in the blobs (a hard link where the file system allows it), so it never depends on the upload.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, invalidRequest } from '../../../shared/api/api-error';
import { echoValue } from '../../../shared/api/echo-value';
import type { Store } from '../context';
import type { UploadRow } from '../store/uploads-repo';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-modes';

export interface UploadLimits {
  /** Largest upload accepted (default 200 MB). */
  maxBytes: number;
  /** How long an upload stays (default 24 h). */
  ttlMs: number;
}

export const UPLOAD_DEFAULTS: UploadLimits = { maxBytes: 200 * 1024 * 1024, ttlMs: 24 * 3600 * 1000 };

const UPLOAD_PATH = /^\/v1\/uploads\/(upl_[A-Za-z0-9_-]{16,})(?:\/content)?$/;

function uploadsDir(store: Store): string {
  const dir = path.join(store.dataDir, 'uploads');
  ensurePrivateDir(dir);
  ensurePrivateDir(path.join(dir, 'tmp'));
  return dir;
}

export function uploadPath(store: Store, id: string): string {
  return path.join(uploadsDir(store), id);
}

/** Streams `chunks` into a new upload of `accountId`; 400 past `limits.maxBytes`, nothing left behind on error. */
export async function saveUpload(store: Store, accountId: string, filename: string, chunks: AsyncIterable<Uint8Array>, limits: UploadLimits, now: number): Promise<UploadRow> {
  const id = `upl_${randomBytes(18).toString('base64url')}`;
  const tmp = path.join(uploadsDir(store), 'tmp', `${id}.${process.pid}`);
  const file = await open(tmp, 'w', PRIVATE_FILE_MODE);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    try {
      for await (const chunk of chunks) {
        bytes += chunk.length;
        if (bytes > limits.maxBytes) throw invalidRequest(`The upload is larger than ${limits.maxBytes} bytes, the most POST /v1/uploads accepts.`);
        hash.update(chunk);
        for (let off = 0; off < chunk.length; ) off += (await file.write(chunk, off, chunk.length - off)).bytesWritten;
      }
      await file.sync();
    } finally {
      await file.close();
    }
    if (bytes === 0) throw invalidRequest('The upload is empty: send the file\'s bytes as the request body (Content-Type: application/octet-stream).');
    await rename(tmp, uploadPath(store, id));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const row: UploadRow = { id, account_id: accountId, sha256: hash.digest('hex'), filename, bytes, created_at: now, expires_at: now + limits.ttlMs };
  await store.uploads.insert(row);
  return row;
}

/** Removes expired uploads from the database and the disk; returns how many went. */
export async function sweepExpiredUploads(store: Store, now: number): Promise<number> {
  const gone = await store.uploads.expired(now);
  for (const u of gone) {
    rmSync(uploadPath(store, u.id), { force: true });
    await store.uploads.delete(u.id);
  }
  return gone.length;
}

/**
 * The upload a URL names (`…/v1/uploads/{id}` or `…/content`, any host: the id is the capability within
 * the account), stored into the blobs for a job; null when the URL is not an upload's. 403 for another
 * account's upload, 400 for one unknown or expired.
 */
export async function uploadForUrl(store: Store, accountId: string, field: string, raw: string, now: number): Promise<{ sha256: string; filename: string } | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const m = UPLOAD_PATH.exec(url.pathname);
  if (!m) return null;
  const row = await store.uploads.get(m[1]);
  if (!row || row.expires_at <= now || !existsSync(uploadPath(store, row.id)))
    throw invalidRequest(`${field}: no upload '${echoValue(m[1])}' (uploads expire 24 hours after POST /v1/uploads; send the file again).`);
  if (row.account_id !== accountId) throw new ApiError('forbidden', `${field}: upload '${row.id}' belongs to another account.`);
  if (!store.blobs.has(row.sha256)) {
    const tmp = store.blobs.tempPath('upload');
    try {
      linkSync(uploadPath(store, row.id), tmp);
    } catch {
      copyFileSync(uploadPath(store, row.id), tmp);
    }
    store.blobs.adopt(tmp, row.sha256);
  }
  return { sha256: row.sha256, filename: row.filename };
}
