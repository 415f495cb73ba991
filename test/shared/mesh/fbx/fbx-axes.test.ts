/**
 * An FBX that states Z up is read standing, as its Y-up twin is: Blender 3.4 exports the same character
 * twice (Y up, and Z up with -Y forward, as 3ds Max and Maya scenes often are) and both read the same.
 * Before fbx-axes.ts the Z-up file came out lying along Z and was rigged on its back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFbx } from '../../../../shared/mesh/fbx/write-fbx';
import { fbxAxisChange } from '../../../../shared/mesh/fbx/fbx-axes';
import { readModel } from '../../../../shared/mesh/read-model';
import type { SceneModel } from '../../../../shared/mesh/model';
import { blenderPath } from '../../../support/blender';
import { makeSyntheticSkinned } from '../../../support/synthetic-skinned';
import { jointPositions, modelSize } from '../../../support/compare-rig';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-fbx-axes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The GlobalSettings block of an ASCII FBX stating these axes. */
function asciiSettings(up: number, upSign: number, front: number, frontSign: number, coord: number, coordSign: number): Uint8Array {
  const p = (key: string, v: number): string => `\t\tP: "${key}", "int", "Integer", "",${v}\n`;
  return new TextEncoder().encode(
    '; FBX 7.4.0 project file\nGlobalSettings:  {\n\tVersion: 1000\n\tProperties70:  {\n' +
      p('UpAxis', up) + p('UpAxisSign', upSign) + p('FrontAxis', front) + p('FrontAxisSign', frontSign) +
      p('CoordAxis', coord) + p('CoordAxisSign', coordSign) + '\t}\n}\n',
  );
}

/** Extent along x, y, z of every part's positions. */
function extents(m: SceneModel): number[] {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const part of m.parts)
    for (let i = 0; i < part.positions.length; i += 3)
      for (let c = 0; c < 3; c++) {
        lo[c] = Math.min(lo[c], part.positions[i + c]);
        hi[c] = Math.max(hi[c], part.positions[i + c]);
      }
  return hi.map((h, c) => h - lo[c]);
}

describe('the axes an FBX states', () => {
  it('leaves a Y-up file alone, including the files Rigdesk writes', async () => {
    expect(fbxAxisChange(asciiSettings(1, 1, 2, 1, 0, 1))).toBeNull();
    expect(fbxAxisChange(writeFbx(await makeSyntheticSkinned()))).toBeNull();
  });

  it("turns Z up, +Y front, -X coord (Blender's Z-up export) to (-x, z, y)", () => {
    const m = fbxAxisChange(asciiSettings(2, 1, 1, 1, 0, -1))!;
    expect(m).not.toBeNull();
    const apply = (v: number[]): number[] => [0, 1, 2].map((r) => m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2]);
    expect(apply([0, 0, 1])).toEqual([0, 1, 0]);
    expect(apply([0, 1, 0])).toEqual([0, 0, 1]);
    expect(apply([1, 0, 0])).toEqual([-1, 0, 0]);
  });

  it('names axes that are not a rotation (a mirrored system, an axis twice)', () => {
    expect(() => fbxAxisChange(asciiSettings(1, 1, 2, 1, 0, -1))).toThrow('coord -X, up +Y, front +Z, which is not a rotation');
    expect(() => fbxAxisChange(asciiSettings(1, 1, 1, 1, 0, 1))).toThrow('coord +X, up +Y, front +Y');
  });
});

describe.skipIf(!blenderPath)('a Z-up FBX from Blender reads as its Y-up twin', () => {
  it('stands, with the same joints', { timeout: 120_000 }, async () => {
    const source = path.join(dir, 'source.fbx');
    writeFileSync(source, writeFbx(await makeSyntheticSkinned()));
    const script = path.join(dir, 'export.py');
    writeFileSync(
      script,
      [
        'import bpy, sys',
        "src, yup, zup = sys.argv[sys.argv.index('--') + 1:]",
        'bpy.ops.wm.read_factory_settings(use_empty=True)',
        'bpy.ops.import_scene.fbx(filepath=src)',
        "bpy.ops.export_scene.fbx(filepath=yup, axis_up='Y', axis_forward='-Z')",
        "bpy.ops.export_scene.fbx(filepath=zup, axis_up='Z', axis_forward='-Y')",
      ].join('\n'),
    );
    const yup = path.join(dir, 'y-up.fbx');
    const zup = path.join(dir, 'z-up.fbx');
    execFileSync(blenderPath!, ['-b', '--factory-startup', '--python-exit-code', '1', '--python', script, '--', source, yup, zup], {
      stdio: 'ignore',
      timeout: 110_000,
    });
    const a = (await readModel(readFileSync(yup), 'y-up.fbx')).model;
    const read = await readModel(readFileSync(zup), 'z-up.fbx');
    const b = read.model;
    const ea = extents(a);
    const eb = extents(b);
    expect(ea[1]).toBeGreaterThan(ea[2]); // the synthetic character is taller than it is deep
    for (let c = 0; c < 3; c++) expect(Math.abs(eb[c] - ea[c])).toBeLessThanOrEqual(1e-3 * modelSize(a));
    expect(read.report.warnings.some((w) => w.includes('turned to Y up'))).toBe(true);
    const tol = 1e-3 * modelSize(a);
    // Blender's Z-up export adds its armature object as a joint; every joint of the Y-up twin is there.
    const jb = jointPositions(b);
    for (const [name, q] of jointPositions(a)) {
      const p = jb.get(name);
      expect(p, name).toBeDefined();
      expect(Math.hypot(p![0] - q[0], p![1] - q[1], p![2] - q[2]), name).toBeLessThanOrEqual(tol);
    }
    expect(jb.get('tip')![1]).toBeGreaterThan(jb.get('root')![1]); // the chain stands along +Y
    expect(b.clips.map((c) => [c.name, c.duration.toFixed(3)])).toEqual(a.clips.map((c) => [c.name, c.duration.toFixed(3)]));
  });
});
