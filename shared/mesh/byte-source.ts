/**
 * ByteSource: random access to a file's bytes, in memory or on disk, so the submission-time probes
 * (probe-model, probe-image) read only the parts they check (headers, chunk tables, accessor ranges)
 * instead of holding a 200 MB download whole.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes at `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Uint8Array;
  /** The path on disk, for libraries that read files themselves (sharp). */
  readonly path?: string;
}

export function memorySource(data: Uint8Array): ByteSource {
  return { size: data.length, read: (offset, length) => data.subarray(offset, Math.min(data.length, offset + length)) };
}

export interface FileSource extends ByteSource {
  close(): void;
}

export function fileSource(path: string): FileSource {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    size,
    path,
    read(offset, length) {
      const n = Math.max(0, Math.min(length, size - offset));
      const out = Buffer.allocUnsafe(n);
      let got = 0;
      while (got < n) {
        const r = readSync(fd, out, got, n - got, offset + got);
        if (r === 0) break;
        got += r;
      }
      return got === n ? out : out.subarray(0, got);
    },
    close: () => closeSync(fd),
  };
}

/** Runs `fn` with a source for `path`, closing it afterwards. */
export function withFileSource<T>(path: string, fn: (src: FileSource) => T): T {
  const src = fileSource(path);
  try {
    return fn(src);
  } finally {
    src.close();
  }
}

export const SCAN_CHUNK_BYTES = 1024 * 1024;

/**
 * Calls `fn` on consecutive windows of `[start, end)`; each window after the first starts `overlap`
 * bytes early, so a token of up to `overlap + 1` bytes is never split (fn gets where the new bytes begin).
 */
export function scanChunks(src: ByteSource, fn: (chunk: Uint8Array, offset: number, fresh: number) => void, overlap = 0, start = 0, end = src.size): void {
  for (let at = start; at < end; at += SCAN_CHUNK_BYTES) {
    const from = Math.max(start, at - overlap);
    fn(src.read(from, Math.min(end, at + SCAN_CHUNK_BYTES) - from), from, at - from);
  }
}
