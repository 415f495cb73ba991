import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPmd, zeroAdSkeletalDir } from './pmd-reader';

/** A PMD file written field by field as the 0 A.D. wiki lays it out: one triangle on two bones. */
function pmdBytes(version: number, uvSets: number): Buffer {
  const parts: Buffer[] = [];
  const u32 = (v: number): void => { const b = Buffer.alloc(4); b.writeUInt32LE(v); parts.push(b); };
  const f32 = (...vs: number[]): void => { for (const v of vs) { const b = Buffer.alloc(4); b.writeFloatLE(v); parts.push(b); } };
  const u8 = (...vs: number[]): void => { parts.push(Buffer.from(vs)); };
  u32(3);
  if (version >= 4) u32(uvSets);
  const verts = [[0, 0, 0], [1, 0, 0], [0, 2, 0]];
  verts.forEach((p, i) => {
    f32(...p, 0, 0, 1);
    for (let k = 0; k < (version >= 4 ? uvSets : 1); k++) f32(0.5, 0.5);
    // vertex 2 hangs on bone 1 alone; the others on bone 0 (bone 2 carries no weight)
    u8(i === 2 ? 1 : 0, 0xff, 0xff, 0xff);
    f32(1, 0, 0, 0);
  });
  u32(1);
  const face = Buffer.alloc(6); face.writeUInt16LE(0, 0); face.writeUInt16LE(1, 2); face.writeUInt16LE(2, 4); parts.push(face);
  u32(3);
  for (const t of [[0, 0, 0], [0, 1, 0], [5, 5, 5]]) f32(...t, 0, 0, 0, 1);
  // one prop point, `head`, on bone 1: a name, an offset, a rotation (x, y, z, w), the bone
  u32(1);
  u32(4);
  parts.push(Buffer.from('head', 'ascii'));
  f32(0, 0.5, 0, 0, 0, 0.6, 0.8);
  u8(1);
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(12); head.write('PSMD', 0, 'ascii'); head.writeUInt32LE(version, 4); head.writeUInt32LE(body.length, 8);
  return Buffer.concat([head, body]);
}

describe('readPmd', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-pmd-'));
  it.each([[3, 1], [4, 2]])('reads version %i with %i UV sets: triangles, bone rest positions, weighted bones', (version, uvSets) => {
    const file = path.join(dir, `v${version}.pmd`);
    writeFileSync(file, pmdBytes(version, uvSets));
    const m = readPmd(file);
    expect(Array.from(m.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 2, 0]);
    expect(Array.from(m.indices)).toEqual([0, 1, 2]);
    expect(Array.from(m.bonePositions)).toEqual([0, 0, 0, 0, 1, 0, 5, 5, 5]);
    expect(m.weighted).toEqual([true, true, false]);
    expect(Array.from(m.boneRotations.subarray(0, 4))).toEqual([0, 0, 0, 1]);
    expect(m.propPoints).toHaveLength(1);
    expect(m.propPoints[0].name).toBe('head');
    expect(m.propPoints[0].bone).toBe(1);
    expect(m.propPoints[0].translation).toEqual([0, 0.5, 0]);
    expect(m.propPoints[0].rotation.map((v) => Math.round(v * 10) / 10)).toEqual([0, 0, 0.6, 0.8]);
  });
  it('names what is wrong with a file that is no PMD', () => {
    const file = path.join(dir, 'bad.pmd');
    writeFileSync(file, Buffer.from('glTF0000000000000000'));
    expect(() => readPmd(file)).toThrow(/not a PMD file/);
  });
  it('says which package to install when there is no 0 A.D. data', () => {
    expect(() => zeroAdSkeletalDir(undefined, path.join(dir, 'missing.zip'))).toThrow(/apt-get install 0ad-data/);
  });
});
