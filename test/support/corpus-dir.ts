/** The corpus location without vitest (for eval and bench scripts); same rule as corpus.ts. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const corpusDir = process.env.RIGDESK_CORPUS ?? path.resolve(projectRoot, '../shared/corpus');
