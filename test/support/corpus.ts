/**
 * Where the shared CC0 corpus lives: `../shared/corpus` beside the project, or RIGDESK_CORPUS.
 * Tests that need it use `describeWithCorpus`, which skips with a message when it is missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const corpusDir = process.env.RIGDESK_CORPUS ?? path.resolve(projectRoot, '../shared/corpus');
export const hasCorpus = existsSync(path.join(corpusDir, 'README.md'));

export function corpusPath(...segments: string[]): string {
  return path.join(corpusDir, ...segments);
}

export const describeWithCorpus: typeof describe.skipIf extends (c: boolean) => infer D ? D : never =
  hasCorpus ? describe : (describe.skip as never);

if (!hasCorpus) console.warn(`corpus: ${corpusDir} not found; corpus tests are skipped`);
