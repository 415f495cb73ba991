import { afterAll, describe, expect, it } from 'vitest';
import { detectFormat } from '../../../shared/mesh/detect-format';
import { probeModel } from '../../../shared/mesh/probe-model';
import { readModel } from '../../../shared/mesh/read-model';
import { MeshFormatError } from '../../../shared/mesh/errors';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { writeFbx } from '../../../shared/mesh/fbx/write-fbx';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { makeSyntheticSkinned } from '../../support/synthetic-skinned';

afterAll(() => stopAssimpWorker());

const text = (s: string) => new TextEncoder().encode(s);

function glbParts(glb: Uint8Array): { json: Record<string, any>; bin: Uint8Array } {
  const dv = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jl = dv.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jl)));
  const binAt = 20 + jl;
  const bl = dv.getUint32(binAt, true);
  return { json, bin: glb.subarray(binAt + 8, binAt + 8 + bl) };
}

function makeGlb(json: unknown, bin: Uint8Array): Uint8Array {
  let j = text(JSON.stringify(json));
  const jp = (4 - (j.length % 4)) % 4;
  j = Uint8Array.from([...j, ...Array(jp).fill(0x20)]);
  const total = 12 + 8 + j.length + 8 + bin.length;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, j.length, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.set(j, 20);
  dv.setUint32(20 + j.length, bin.length, true);
  dv.setUint32(24 + j.length, 0x004e4942, true);
  out.set(bin, 28 + j.length);
  return out;
}

function expectRefused(data: Uint8Array, name: string | null, message: RegExp): void {
  const t0 = performance.now();
  let err: unknown = null;
  try {
    probeModel(data, name);
  } catch (e) {
    err = e;
  }
  expect(err, `${name}: should be refused`).toBeInstanceOf(MeshFormatError);
  expect((err as MeshFormatError).code).toBe('unsupported_format');
  expect((err as Error).message).toMatch(message);
  expect(performance.now() - t0).toBeLessThan(500);
}

describe('detectFormat', () => {
  it('recognises formats by content, binary STL only by name', async () => {
    const glb = await writeGlb(await makeSyntheticSkinned());
    expect(detectFormat(glb, null)).toBe('glb');
    expect(detectFormat(writeFbx(await makeSyntheticSkinned()), null)).toBe('fbx');
    expect(detectFormat(text('ply\nformat ascii 1.0\n'), 'x.bin')).toBe('ply');
    expect(detectFormat(text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), null)).toBe('obj');
    expect(detectFormat(text('solid t\n facet normal 0 0 1\n'), null)).toBe('stl');
    expect(detectFormat(text('<?xml version="1.0"?>\n<COLLADA xmlns="x">'), null)).toBe('dae');
    expect(detectFormat(text('{"asset":{"version":"2.0"}}'), null)).toBe('gltf');
    expect(detectFormat(text('{"asset":{"version":"2.0"},"extensionsUsed":["VRMC_vrm"]}'), null)).toBe('vrm');
    const stl = new Uint8Array(84 + 50);
    new DataView(stl.buffer).setUint32(80, 1, true);
    expect(detectFormat(stl, 'part.stl')).toBe('stl');
    expect(detectFormat(stl, 'part.bin')).toBe(null);
    const { json, bin } = glbParts(glb);
    json.extensionsUsed = ['VRM'];
    expect(detectFormat(makeGlb(json, bin), 'avatar.vrm')).toBe('vrm');
  });
});

describe('probeModel refuses bad input quickly with unsupported_format', () => {
  it('refuses PLY, VRM and unknown bytes by name', async () => {
    expectRefused(text('ply\nformat binary_little_endian 1.0\nend_header\n'), 'scan.ply', /PLY/);
    const { json, bin } = glbParts(await writeGlb(await makeSyntheticSkinned()));
    json.extensionsUsed = ['VRMC_vrm'];
    expectRefused(makeGlb(json, bin), 'a.glb', /VRM/);
    expectRefused(Uint8Array.from({ length: 1000 }, (_, i) => (i * 37) & 255), 'noise.dat', /not a recognised 3D format/);
    expectRefused(new Uint8Array(0), 'empty.glb', /empty/);
  });

  it('refuses corrupt and hostile GLB', async () => {
    const glb = await writeGlb(await makeSyntheticSkinned());
    expectRefused(glb.subarray(0, glb.length - 100), 'cut.glb', /truncated/);
    const { json, bin } = glbParts(glb);
    const lie = (edit: (j: any) => void) => {
      const j = structuredClone(json);
      edit(j);
      return makeGlb(j, bin);
    };
    expectRefused(lie((j) => (j.accessors[0].count = 3_000_000_000)), 'billions.glb', /accessor 0 claims 3000000000 elements/);
    expectRefused(lie((j) => (j.bufferViews[0].byteOffset = 1 << 30)), 'outside.glb', /bufferView 0 .* lies outside buffer/);
    expectRefused(lie((j) => (j.buffers[0].byteLength = bin.length * 10)), 'buffer.glb', /buffer 0 claims/);
    expectRefused(lie((j) => j.nodes[0].children = [...(j.nodes[0].children ?? []), 0]), 'cycle.glb', /invalid child|cycle|two parents/);
    expectRefused(lie((j) => { j.nodes[1].children = [0]; }), 'cycle2.glb', /cycle|two parents/);
    expectRefused(lie((j) => (j.extensionsRequired = ['KHR_draco_mesh_compression'])), 'draco.glb', /KHR_draco_mesh_compression is not supported/);
    expectRefused(lie((j) => (j.asset.version = '1.0')), 'old.glb', /only glTF 2.0/);
    const bad = glb.slice();
    bad[20] = 0x5d; // break the JSON: ']"asset"...'
    expectRefused(bad, 'json.glb', /JSON chunk does not parse/);
  });

  it('refuses corrupt and hostile FBX (truncation, lying records, zip bombs)', async () => {
    const fbx = writeFbx(await makeSyntheticSkinned());
    expectRefused(fbx.subarray(0, Math.floor(fbx.length / 2)), 'cut.fbx', /read-fbx: .*(past|truncated)/);
    // first record's end offset pointing past the file
    const lying = fbx.slice();
    new DataView(lying.buffer).setUint32(27, fbx.length * 4, true);
    expectRefused(lying, 'lying.fbx', /past its parent or the file/);
    // zip bomb: a compressed array claiming 400M doubles from a few bytes
    const bomb = fbx.slice();
    const at = findCompressedArray(bomb);
    new DataView(bomb.buffer).setUint32(at, 400_000_000, true);
    expectRefused(bomb, 'bomb.fbx', /zip bomb|more than zlib can expand|decode into more than/);
  });

  it('refuses broken text formats and STL whose size contradicts its facet count', () => {
    expectRefused(text('v 0 0 0\nv 1 0 0\nv 0 1 0\n'), 'nofaces.obj', /no face lines/);
    expectRefused(text('solid x\n facet normal 0 0 1\n outer loop\n'), 'cut.stl', /truncated/);
    const stl = new Uint8Array(84 + 50 * 10);
    new DataView(stl.buffer).setUint32(80, 4_000_000_000, true);
    expectRefused(stl, 'billions.stl', /does not match 84 \+ 50 x 4000000000 facets/);
    expectRefused(text('<?xml version="1.0"?><COLLADA><library_geometries><geometry>'), 'cut.dae', /truncated/);
  });

  it('stays fast on a 10 MB file (no decoding)', () => {
    const n = 200_000;
    const stl = new Uint8Array(84 + 50 * n);
    new DataView(stl.buffer).setUint32(80, n, true);
    const lines: string[] = [];
    for (let i = 0; i < 250_000; i++) lines.push(`v ${i} ${i * 0.5} ${i * 0.25}`);
    for (let i = 1; i < 120_000; i++) lines.push(`f ${i} ${i + 1} ${i + 2}`);
    const obj = text(lines.join('\n'));
    expect(obj.length).toBeGreaterThan(5_000_000);
    probeModel(stl, 'big.stl');
    probeModel(obj, 'big.obj');
    // a ratio to one plain pass over the same bytes survives a busy machine; an absolute time does not
    let t0 = performance.now();
    let sum = 0;
    for (const a of [stl, obj]) for (let i = 0; i < a.length; i++) sum = (sum + a[i]) | 0;
    const baseline = Math.max(performance.now() - t0, 1);
    t0 = performance.now();
    expect(probeModel(stl, 'big.stl').claimedTriangles).toBe(n);
    expect(probeModel(obj, 'big.obj').format).toBe('obj');
    const took = performance.now() - t0;
    expect(sum).not.toBe(0.5);
    expect(took / baseline, `probe ${took.toFixed(1)} ms vs one pass ${baseline.toFixed(1)} ms`).toBeLessThan(8);
  });

  it('readModel fails cleanly too, and never reads files outside the resolver', async () => {
    const { json, bin } = glbParts(await writeGlb(await makeSyntheticSkinned()));
    json.images = [{ uri: '../../../../etc/passwd' }];
    json.textures = [{ source: 0 }];
    const r = await readModel(makeGlb(json, bin), 'x.glb');
    expect(r.report.warnings.join()).toContain('was not supplied');
    json.buffers.push({ uri: 'missing.bin', byteLength: 10 });
    await expect(readModel(makeGlb(json, bin), 'x.glb')).rejects.toThrow(/external buffer "missing.bin" was not supplied/);
    await expect(readModel(text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n'), 'bad.obj')).rejects.toBeInstanceOf(MeshFormatError);
  });
});

/** Offset of the array-length field of the first zlib-compressed array in a binary FBX. */
function findCompressedArray(data: Uint8Array): number {
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 27; i < data.length - 13; i++) {
    if ((data[i] === 0x64 || data[i] === 0x69) && dv.getUint32(i + 5, true) === 1) {
      const len = dv.getUint32(i + 1, true);
      const clen = dv.getUint32(i + 9, true);
      if (len > 100 && clen > 0 && clen < len * 8 && data[i + 13] === 0x78) return i + 1;
    }
  }
  throw new Error('no compressed array found');
}
