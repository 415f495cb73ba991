import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIqm, weightedJoints } from './iqm-reader';

/**
 * An IQM v2 file written field by field as `iqm.txt` lays it out: one triangle (Z up) on a chain of three
 * joints, the second turned 90 degrees about Z so that the third's local +X offset lands on world +Y (Z-up).
 */
function iqmBytes(): Buffer {
  const text = Buffer.from('\0root\0mid\0tip\0mesh\0', 'latin1');
  const u32s = (...vs: number[]): Buffer => { const b = Buffer.alloc(4 * vs.length); vs.forEach((v, i) => b.writeUInt32LE(v, 4 * i)); return b; };
  const f32s = (...vs: number[]): Buffer => { const b = Buffer.alloc(4 * vs.length); vs.forEach((v, i) => b.writeFloatLE(v, 4 * i)); return b; };
  const positions = f32s(0, 0, 0, 1, 0, 0, 0, 0, 2); // Z-up: the third vertex 2 up
  const blendIdx = Buffer.from([0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
  const blendW = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0]); // joint 2 carries no weight
  const s = Math.SQRT1_2;
  const joint = (name: number, parent: number, t: number[], q: number[]): Buffer => Buffer.concat([u32s(name), Buffer.from(new Int32Array([parent]).buffer), f32s(...t, ...q, 1, 1, 1)]);
  const joints = Buffer.concat([joint(1, -1, [0, 0, 0], [0, 0, 0, 1]), joint(6, 0, [0, 0, 1], [0, 0, s, s]), joint(10, 1, [1, 0, 0], [0, 0, 0, 1])]);
  const tris = u32s(0, 1, 2);
  const mesh = u32s(14, 0, 0, 3, 0, 1);
  const HEADER = 124;
  let o = HEADER;
  const at = (b: Buffer): number => { const v = o; o += b.length; return v; };
  const ofsText = at(text), ofsPos = at(positions), ofsIdx = at(blendIdx), ofsW = at(blendW), ofsJoints = at(joints), ofsTris = at(tris), ofsMesh = at(mesh);
  const arrays = Buffer.concat([u32s(0, 0, 7, 3, ofsPos), u32s(4, 0, 1, 4, ofsIdx), u32s(5, 0, 1, 4, ofsW)]);
  const ofsArrays = at(arrays);
  const header = Buffer.concat([Buffer.from('INTERQUAKEMODEL\0', 'latin1'), u32s(2, o, 0, text.length, ofsText, 1, ofsMesh, 3, 3, ofsArrays, 1, ofsTris, 0, 3, ofsJoints, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)]);
  return Buffer.concat([header, text, positions, blendIdx, blendW, joints, tris, mesh, arrays]);
}

describe('readIqm', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-iqm-'));
  it('reads the triangles Y-up, the joints bind-pose positions through their parents, and which carry weight', () => {
    const file = path.join(dir, 'chain.iqm');
    writeFileSync(file, iqmBytes());
    const m = readIqm(file);
    expect(Array.from(m.positions, (v) => v + 0)).toEqual([0, 0, 0, 1, 0, 0, 0, 2, 0]); // (x, z, -y), -0 read as 0
    expect(Array.from(m.indices)).toEqual([0, 1, 2]);
    expect(Array.from(m.partOffsets)).toEqual([0, 3]);
    expect(m.names).toEqual(['root', 'mid', 'tip']);
    expect(m.parents).toEqual([-1, 0, 1]);
    // mid at Z-up (0, 0, 1) -> (0, 1, 0); tip: mid's rotation turns its (1, 0, 0) to (0, 1, 0) Z-up -> (0, 1, -1).
    const tip = Array.from(m.jointPositions.subarray(6, 9));
    expect(Array.from(m.jointPositions.subarray(3, 6)).map((v) => +v.toFixed(6))).toEqual([0, 1, 0]);
    expect(tip.map((v) => +v.toFixed(6) + 0)).toEqual([0, 1, -1]);
    expect(m.weighted).toEqual([true, true, false]);
    expect(weightedJoints(m).map((j) => j.name)).toEqual(['root', 'mid']);
  });
  it('names what is wrong with a file that is no IQM', () => {
    const file = path.join(dir, 'bad.iqm');
    writeFileSync(file, Buffer.from('glTF0000000000000000'));
    expect(() => readIqm(file)).toThrow(/not an IQM file/);
  });
});
