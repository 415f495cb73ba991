import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const INSTALLER = path.resolve(here, '../../workers/catalog-installer.ts');
const TSX_LOADER = createRequire(import.meta.url).resolve('tsx');

/**
 * Installs the built-in catalog in a child process so the service answers at once; the catalog
 * routes show the packs as soon as each one is stored.
 */
export function startCatalogInstaller(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, INSTALLER, dataDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`catalog: installing the built-in packs failed (${signal ?? `code ${code}`}); they will be retried at the next start`);
  });
  return child;
}
