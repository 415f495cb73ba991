/**
 * probeModel on a file (ByteSource) reads only what it checks, so the service can probe a 200 MB
 * download without holding it (issue #12 item 2), and agrees with the in-memory probe.
 */
import { describe, expect, it } from 'vitest';
import { probeModel } from '../../../shared/mesh/probe-model';
import { memorySource, type ByteSource } from '../../../shared/mesh/byte-source';
import { encodeFbx, R, rec } from '../../../shared/mesh/fbx/fbx-binary-encoder';

function counting(data: Uint8Array): { src: ByteSource; bytesRead: () => number } {
  const inner = memorySource(data);
  let n = 0;
  return { src: { size: inner.size, read: (o, l) => { const b = inner.read(o, l); n += b.length; return b; } }, bytesRead: () => n };
}

describe('probeModel reads a file in part', () => {
  it('walks a binary FBX by its record headers, skipping a 40 MB embedded blob and the geometry arrays', () => {
    const vertices = new Float64Array(300_000).map((_, i) => i % 7); // 2.4 MB, stored compressed
    const polygon = new Int32Array(300_000).map((_, i) => (i % 3 === 2 ? -i - 1 : i));
    const fbx = encodeFbx([
      rec('FBXHeaderExtension'),
      rec('Objects', [], [
        rec('Video', [], [rec('Content', [R(new Uint8Array(40 * 1024 * 1024).fill(7))])]),
        rec('Geometry', [], [rec('Vertices', [vertices]), rec('PolygonVertexIndex', [polygon])]),
      ]),
    ]);
    const { src, bytesRead } = counting(fbx);
    expect(probeModel(src, 'big.fbx')).toEqual(probeModel(fbx, 'big.fbx'));
    expect(probeModel(src, 'big.fbx').claimedTriangles).toBe(300_000);
    expect(bytesRead()).toBeLessThan(2 * 1024 * 1024); // two probes of a file above 40 MB
  });

  it('scans OBJ and ASCII STL in windows with the same counts as in memory, across window boundaries', () => {
    const obj = new TextEncoder().encode('v 0 0 0\n'.repeat(300_000) + 'f 1 2 3\n'.repeat(200_000));
    expect(probeModel(counting(obj).src, 'm.obj')).toEqual({ format: 'obj', claimedTriangles: 200_000 });
    const facet = ' facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\n';
    const stl = new TextEncoder().encode(`solid s\n${facet.repeat(40_000)}endsolid s\n`);
    expect(stl.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(probeModel(counting(stl).src, 's.stl')).toEqual({ format: 'stl', claimedTriangles: 40_000 });
  });
});
