/**
 * A real Rigdesk service for the end-to-end tests: fresh temp data folder, a free port, one
 * worker, serving the built studio (dist/renderer, built first if missing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureStudioBuilt } from '../../../electron/main/ensure-studio';
import { startService, type RunningService } from '../../../electron/service/start';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const STUDIO_DIR = path.join(ROOT, 'dist/renderer');


export interface StudioService extends RunningService {
  dispose(): Promise<void>;
}

export async function startStudioService(): Promise<StudioService> {
  await ensureStudioBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-e2e-'));
  const service = await startService({ dataDir, port: 0, workers: 1, studioDir: STUDIO_DIR });
  return Object.assign(service, {
    async dispose() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
