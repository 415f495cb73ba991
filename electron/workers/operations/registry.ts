import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Operation name -> module implementing it (see ../operation.ts). An operation whose engine is
 * not part of this build is left out, and its jobs fail with a message saying so.
 */
export function builtinOperations(): Record<string, string> {
  const candidates: Record<string, string> = {
    rig: path.join(here, 'rig-operation.ts'),
    generate_model: path.join(here, 'generate-operation.ts'),
  };
  return Object.fromEntries(Object.entries(candidates).filter(([, p]) => existsSync(p)));
}
