import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fchmodSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-modes';

/**
 * Content-addressed file store: `blobs/ab/abcdef...` named by SHA-256.
 * Writes go to a temporary file, are fsynced, then renamed, so a crash never leaves a torn blob
 * under a real name and the same bytes are stored once. Used by the service and by worker processes.
 * Folders are 0700 and blobs 0600: they are users' models and images.
 */
export class BlobStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
    ensurePrivateDir(this.root);
    ensurePrivateDir(path.join(this.root, 'tmp'));
  }

  pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`blob-store: not a sha256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  has(sha256: string): boolean {
    return existsSync(this.pathOf(sha256));
  }

  put(data: Uint8Array): { sha256: string; bytes: number } {
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (!this.has(sha256)) {
      const tmp = this.tempPath(sha256);
      const fd = openSync(tmp, 'w', PRIVATE_FILE_MODE);
      try {
        if (process.platform !== 'win32') fchmodSync(fd, PRIVATE_FILE_MODE);
        let off = 0;
        while (off < data.length) off += writeSync(fd, data, off, data.length - off);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      this.adopt(tmp, sha256);
    }
    return { sha256, bytes: data.length };
  }

  /** A fresh file name in `blobs/tmp` (same file system as the blobs, so the final rename is atomic). */
  tempPath(label: string): string {
    return path.join(this.root, 'tmp', `${label}.${process.pid}.${randomBytes(4).toString('hex')}`);
  }

  /** Moves a written, fsynced temp file to its content address, or drops it when those bytes are stored already. */
  adopt(tmp: string, sha256: string): void {
    const target = this.pathOf(sha256);
    if (existsSync(target)) return rmSync(tmp, { force: true });
    ensurePrivateDir(path.dirname(target));
    if (process.platform !== 'win32') chmodSync(tmp, PRIVATE_FILE_MODE);
    renameSync(tmp, target);
  }

  read(sha256: string): Buffer {
    return readFileSync(this.pathOf(sha256));
  }

  size(sha256: string): number {
    return statSync(this.pathOf(sha256)).size;
  }
}

/** An unguessable token for a served file URL (256 bits, URL-safe). */
export function newFileToken(): string {
  return randomBytes(32).toString('base64url');
}
