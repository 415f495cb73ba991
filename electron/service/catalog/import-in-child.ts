import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.resolve(here, '../../../bin/rigdesk.mjs');

export interface ImportOutcome {
  pack_id: string;
  license: string;
  license_file: string;
  imported: number;
  failed: { file: string; reason: string }[];
}

/**
 * Runs `rigdesk catalog import` in a child process: converting and rendering a pack is seconds of
 * CPU that must not stall the service's event loop. Resolves with the result or rejects with the
 * importer's message (licence refused, nothing readable, path missing).
 */
export function importPackInChild(dataDir: string, packPath: string): Promise<ImportOutcome> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, 'catalog', 'import', packPath, '--data', dataDir, '--json'], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      let result: (ImportOutcome & { error?: string }) | null = null;
      try {
        result = JSON.parse(last);
      } catch {
        result = null;
      }
      if (result && !result.error && !err) return resolve(result);
      reject(new Error(result?.error ?? (stderr.trim().split('\n').pop() || `import failed (${err?.message ?? 'no result'})`)));
    });
  });
}
