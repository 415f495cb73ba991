import { closeSync, mkdtempSync, openSync, ftruncateSync, writeSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeModel, type ProbeOptions } from '../../../shared/mesh/probe-model';
import { fileSource, type ByteSource } from '../../../shared/mesh/byte-source';
import { MeshFormatError, MeshLimitError } from '../../../shared/mesh/errors';
import { MAX_TRIANGLES } from '../../../shared/mesh/limits';
import { tinyGlb } from '../../support/tiny-glb';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-probe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function refusal(data: Uint8Array | ByteSource, options: ProbeOptions = {}): MeshFormatError {
  try {
    probeModel(data, 'x.glb', options);
  } catch (err) {
    expect(err).toBeInstanceOf(MeshFormatError);
    return err as MeshFormatError;
  }
  throw new Error('the probe accepted the file');
}

describe('probeModel: what the glTF data tells before a job is charged (issue #12 item 7)', () => {
  it('accepts the well-formed triangle', () => {
    expect(probeModel(tinyGlb(), 'x.glb')).toEqual({ format: 'glb', claimedTriangles: 1 });
  });

  it.each([
    ['NaN', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('refuses a %s position, naming the vertex', (_label, bad) => {
    const err = refusal(tinyGlb({ positions: [0, 0, 0, 1, bad, 0, 0, 1, 0] }));
    expect(err.message).toMatch(/mesh 0 primitive 0: vertex 1 has a position that is not a finite number/);
  });

  it('refuses an index past the primitive vertices, naming it', () => {
    expect(refusal(tinyGlb({ indices: [0, 1, 7] })).message).toMatch(/mesh 0 primitive 0: index 2 is 7, out of range for its 3 vertices/);
  });

  it('refuses indices of a signed type', () => {
    const err = refusal(tinyGlb({ edit: (j) => (j.accessors[1].componentType = 5122) }));
    expect(err.message).toMatch(/indices must be unsigned byte, short or int scalars/);
  });

  it('refuses a buffer in a separate file when the caller can only send one file', () => {
    const external = tinyGlb({ edit: (j) => j.buffers.push({ uri: 'extra.bin', byteLength: 4 }) });
    expect(() => probeModel(external, 'x.glb')).not.toThrow(); // readModel with a resolver can still read it
    expect(refusal(external, { embeddedBuffersOnly: true }).message).toMatch(/buffer 1 is the separate file "extra.bin"/);
  });

  it('refuses a triangle count above the face limit from the accessor counts, with MeshLimitError', () => {
    // Index data with no bufferView is all zeros: a tiny file that claims 2,000,001 triangles.
    const huge = tinyGlb({ edit: (j) => j.accessors.push({ componentType: 5125, count: 3 * (MAX_TRIANGLES + 1), type: 'SCALAR' }) && (j.meshes[0].primitives[0].indices = 2) });
    const err = refusal(huge);
    expect(err).toBeInstanceOf(MeshLimitError);
    expect(err.message).toMatch(/holds 2000001 triangles, above the face limit of 2000000/);
  });

  it('reads only the header, JSON and accessor ranges of a large GLB on disk', () => {
    const file = path.join(dir, 'big.glb');
    const small = tinyGlb({ padBin: 150 * 1024 * 1024 });
    // The file is written sparse: the 150 MB of padding is never allocated, in the test or in the probe.
    const head = small.subarray(0, small.length - 150 * 1024 * 1024);
    const fd = openSync(file, 'w');
    writeSync(fd, head);
    ftruncateSync(fd, small.length);
    closeSync(fd);
    const src = fileSource(file);
    let bytesRead = 0;
    const counting: ByteSource = { size: src.size, read: (o, l) => { const b = src.read(o, l); bytesRead += b.length; return b; } };
    try {
      expect(probeModel(counting, 'big.glb')).toEqual({ format: 'glb', claimedTriangles: 1 });
    } finally {
      src.close();
    }
    expect(src.size).toBeGreaterThan(150 * 1024 * 1024);
    expect(bytesRead).toBeLessThan(128 * 1024);
  });
});
