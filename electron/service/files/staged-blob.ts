/**
 * Streams bytes (a download) into the blob folder's tmp/ while hashing them, so a 200 MB file costs
 * the service one chunk of memory, not the whole file. The result stays a temp file until
 * `commit()` moves it to its content address; a refused submission `discard()`s it, leaving nothing.
 */
import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import type { BlobStore } from './blob-store';

export class StagedBlob {
  private settled = false;

  constructor(
    private readonly blobs: BlobStore,
    /** The temp file, readable until commit or discard. */
    readonly path: string,
    readonly sha256: string,
    readonly bytes: number,
  ) {}

  /** Stores the bytes under their hash (idempotent); returns the hash. */
  commit(): string {
    if (!this.settled) this.blobs.adopt(this.path, this.sha256);
    this.settled = true;
    return this.sha256;
  }

  /** Deletes the temp file unless committed. */
  discard(): void {
    if (!this.settled) rmSync(this.path, { force: true });
    this.settled = true;
  }
}

/** Writes `chunks` to a temp file, fsyncs it and hashes it; on any error the temp file is removed and the error rethrown. */
export async function stageBlob(blobs: BlobStore, chunks: AsyncIterable<Uint8Array>): Promise<StagedBlob> {
  const tmp = blobs.tempPath('download');
  const file = await open(tmp, 'w');
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    try {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        for (let off = 0; off < chunk.length; ) off += (await file.write(chunk, off, chunk.length - off)).bytesWritten;
      }
      await file.sync();
    } finally {
      await file.close();
    }
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  return new StagedBlob(blobs, tmp, hash.digest('hex'), bytes);
}
