import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';

/**
 * The data folder holds API key hashes, credit ledgers and users' models: only its owner may read it.
 * Modes are set with chmod after creation, because the mode given to mkdir/open is reduced by the
 * umask (and never made exact by it). Windows has no POSIX modes; there this does nothing.
 */
const POSIX = process.platform !== 'win32';
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and missing parents) with mode 0700. An existing folder that others can reach is
 * tightened to 0700 with a warning on stderr (a folder shared on purpose should not be a data folder).
 */
export function ensurePrivateDir(dir: string): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    if (POSIX) chmodSync(dir, PRIVATE_DIR_MODE);
    return;
  }
  if (!POSIX) return;
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  chmodSync(dir, PRIVATE_DIR_MODE);
  console.warn(`rigdesk: ${dir} was open to other users (mode ${mode.toString(8)}); its mode is now 700.`);
}

/** Sets mode 0600 on each of `files` that exists. */
export function makePrivate(...files: string[]): void {
  if (!POSIX) return;
  for (const f of files) if (existsSync(f)) chmodSync(f, PRIVATE_FILE_MODE);
}
