/** Files the main process and the launcher share (no Electron import: the launcher runs in plain Node). */
import { fileURLToPath } from 'node:url';

/** Repository (or packaged app) root. */
export const APP_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The preload source and its sandbox-compatible CommonJS bundle. */
export const PRELOAD_SOURCE = fileURLToPath(new URL('../preload/index.ts', import.meta.url));
export const PRELOAD_BUNDLE = fileURLToPath(new URL('../../dist/preload/index.cjs', import.meta.url));
/** Main entry Electron runs (registers tsx, then imports index.ts). */
export const MAIN_ENTRY = fileURLToPath(new URL('./bootstrap.mjs', import.meta.url));
