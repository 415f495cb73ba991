import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BONE_NAMINGS, ENGINES, OUTPUT_FORMATS, RIG_TYPES } from '../../shared/api/constants';
import type { RigParams } from '../service/jobs/rig-request';
import { OperationError } from '../workers/operation';
import type { Command, CommandContext } from './commands';

function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${name} must be one of ${allowed.join(', ')}, got ${String(value)}`);
}

/**
 * `rigdesk rig FILE...`: the same rig operation as a `rig` job, run here in this process, for
 * batches without a running service (and without credits). One failing file does not stop the rest.
 */
async function rigFiles(ctx: CommandContext) {
  if (ctx.positionals.length === 0) throw new Error('missing FILE (one or more meshes to rig)');
  const rotation = ctx.values['rotation-y'] === undefined ? 0 : Number(ctx.values['rotation-y']);
  if (!Number.isFinite(rotation)) throw new Error(`--rotation-y must be a number of degrees, got ${ctx.values['rotation-y']}`);
  const params: RigParams = {
    rig_type: oneOf('--rig-type', ctx.values['rig-type'], RIG_TYPES, 'biped'),
    engine: oneOf('--engine', ctx.values.engine, ENGINES, 'fast'),
    output_format: oneOf('--format', ctx.values.format, OUTPUT_FORMATS, 'glb'),
    rotation_y: rotation,
    rig_fingers: ctx.values.fingers === true,
    bone_naming: oneOf('--bone-naming', ctx.values['bone-naming'], BONE_NAMINGS, 'mixamo'),
    animation_urls: [],
  };
  if (params.rig_fingers && params.engine === 'pro') throw new Error('--fingers works with the fast engine only');
  const outDir = path.resolve((ctx.values.out as string | undefined) ?? '.');
  mkdirSync(outDir, { recursive: true });
  const { default: rigOperation } = await import('../workers/operations/rig-operation');
  const results = [];
  for (const file of ctx.positionals) {
    const started = Date.now();
    try {
      const { files } = await rigOperation(
        { jobId: 'offline', operation: 'rig', params: params as unknown as Record<string, unknown>, inputPath: path.resolve(file), inputName: path.basename(file) },
        { progress: () => {} },
      );
      const written = files.map((f) => {
        const target = path.join(outDir, f.filename);
        writeFileSync(target, f.data);
        return { role: f.role, path: target };
      });
      results.push({ file, ok: true, seconds: (Date.now() - started) / 1000, files: written });
      if (!ctx.json) console.log(`${file}: rigged in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${written[0].path}`);
    } catch (err) {
      const message = err instanceof OperationError ? err.message : `internal error: ${(err as Error).message}`;
      results.push({ file, ok: false, error: message });
      if (!ctx.json) console.log(`${file}: failed: ${message}`);
    }
  }
  if (results.every((r) => !r.ok)) process.exitCode = 1;
  return { ...params, results };
}

export const rigCommand: Command = {
  name: 'rig',
  usage: 'rig FILE... [--rig-type T] [--engine fast|pro] [--format glb|fbx] [--rotation-y DEG] [--fingers] [--bone-naming N] [--out DIR]',
  help: 'Rig mesh files offline (no service, no credits); writes <name>_rigged.<format>, a thumbnail and a rig report into --out (default: here).',
  options: {
    'rig-type': { type: 'string' },
    engine: { type: 'string' },
    format: { type: 'string' },
    'rotation-y': { type: 'string' },
    fingers: { type: 'boolean' },
    'bone-naming': { type: 'string' },
    out: { type: 'string' },
  },
  run: rigFiles,
};
