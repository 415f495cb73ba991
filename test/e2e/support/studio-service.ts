/**
 * A real Rigdesk service for the end-to-end tests: fresh temp data folder, a free port, one
 * worker, serving the built studio (dist/renderer, built first if missing).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService, type RunningService } from '../../../electron/service/start';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const STUDIO_DIR = path.join(ROOT, 'dist/renderer');

export function ensureStudioBuilt(): void {
  if (existsSync(path.join(STUDIO_DIR, 'index.html')) && process.env.RIGDESK_E2E_REBUILD !== '1') return;
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: ROOT, stdio: 'inherit' });
}

export interface StudioService extends RunningService {
  dispose(): Promise<void>;
}

export async function startStudioService(): Promise<StudioService> {
  ensureStudioBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-e2e-'));
  const service = await startService({ dataDir, port: 0, workers: 1, studioDir: STUDIO_DIR });
  return Object.assign(service, {
    async dispose() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
