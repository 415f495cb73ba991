/**
 * Bundles the preload script into one CommonJS file. A sandboxed preload can only `require`
 * a few built-ins (`electron`, `events`, `timers`, `url`), so its imports (the shared bridge
 * contract) are inlined and only `electron` stays external.
 */
import { build } from 'esbuild';
import { PRELOAD_BUNDLE, PRELOAD_SOURCE } from './paths';

export async function buildPreload(outFile: string = PRELOAD_BUNDLE): Promise<string> {
  await build({
    entryPoints: [PRELOAD_SOURCE],
    outfile: outFile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['electron'],
    logLevel: 'silent',
  });
  return outFile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`preload bundle: ${await buildPreload()}`);
}
