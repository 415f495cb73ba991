/**
 * Reads an Inter-Quake Model (IQM version 2, the format of Cube 2 / Sauerbraten and Red Eclipse; documented
 * in the format's `iqm.txt`): the triangles, the vertices in their bind pose, and the joints' bind-pose
 * positions with their names and parents and which joints carry weight. Used by `eval:rig-games` to measure
 * the rigger on skinned characters by other artists that no rule was tuned on (Debian's `redeclipse-data` and
 * `cube2-data`, read from the user's own install, never copied into the project). Written by hand: no npm
 * package reads IQM's skeleton, and assimp's importer keeps the mesh only. IQM is Z-up; the model is turned to
 * Rigdesk's Y-up (x, y, z) -> (x, z, -y), which keeps it right-handed.
 */
import { readFileSync } from 'node:fs';

export interface IqmModel {
  positions: Float32Array;
  indices: Uint32Array;
  /** One part per IQM mesh (rigMesh's input shape). */
  partOffsets: Uint32Array;
  names: string[];
  parents: number[];
  /** Each joint's bind-pose position in model space (x, y, z per joint, Y up). */
  jointPositions: Float64Array;
  /** Joints with a weight above zero on some vertex. */
  weighted: boolean[];
}

const POSITION = 0, BLENDINDEXES = 4, BLENDWEIGHTS = 5;
const UBYTE = 1, FLOAT = 7;

export function readIqm(file: string): IqmModel {
  const buf = readFileSync(file);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.toString('latin1', 0, 16) !== 'INTERQUAKEMODEL\0') throw new Error(`${file}: not an IQM file (no INTERQUAKEMODEL magic)`);
  const h = (k: number): number => dv.getUint32(16 + 4 * k, true);
  if (h(0) !== 2) throw new Error(`${file}: IQM version ${h(0)} is not 2`);
  const [ofsText, numMeshes, ofsMeshes, numArrays, numVerts, ofsArrays, numTris, ofsTris] = [h(4), h(5), h(6), h(7), h(8), h(9), h(10), h(11)];
  const [numJoints, ofsJoints] = [h(13), h(14)];
  const text = (o: number): string => {
    const start = ofsText + o;
    let end = start;
    while (end < buf.length && buf[end] !== 0) end++;
    return buf.toString('utf8', start, end);
  };
  const positions = new Float32Array(numVerts * 3);
  const blendIdx = new Uint8Array(numVerts * 4), blendW = new Uint8Array(numVerts * 4);
  for (let a = 0; a < numArrays; a++) {
    const o = ofsArrays + 20 * a;
    const [type, , format, size, offset] = [0, 1, 2, 3, 4].map((k) => dv.getUint32(o + 4 * k, true));
    if (type === POSITION) {
      if (format !== FLOAT || size !== 3) throw new Error(`${file}: positions are not 3 floats`);
      for (let v = 0; v < numVerts; v++) {
        const x = dv.getFloat32(offset + 12 * v, true), y = dv.getFloat32(offset + 12 * v + 4, true), z = dv.getFloat32(offset + 12 * v + 8, true);
        positions[v * 3] = x; positions[v * 3 + 1] = z; positions[v * 3 + 2] = -y;
      }
    } else if ((type === BLENDINDEXES || type === BLENDWEIGHTS) && format === UBYTE && size === 4) {
      (type === BLENDINDEXES ? blendIdx : blendW).set(buf.subarray(offset, offset + 4 * numVerts));
    }
  }
  const indices = new Uint32Array(numTris * 3);
  for (let i = 0; i < numTris * 3; i++) indices[i] = dv.getUint32(ofsTris + 4 * i, true);
  // Each mesh's first vertex (mesh: name, material, first_vertex, num_vertexes, first_triangle, num_triangles).
  const partOffsets = new Uint32Array(numMeshes + 1);
  for (let m = 0; m < numMeshes; m++) partOffsets[m] = dv.getUint32(ofsMeshes + 24 * m + 8, true);
  partOffsets[numMeshes] = numVerts;
  const names: string[] = [], parents: number[] = [];
  const world: number[][] = []; // per joint: translation (3) and rotation quaternion (4), Z-up
  for (let j = 0; j < numJoints; j++) {
    const o = ofsJoints + 48 * j;
    names.push(text(dv.getUint32(o, true)));
    const parent = dv.getInt32(o + 4, true);
    parents.push(parent);
    const t = [0, 1, 2].map((k) => dv.getFloat32(o + 8 + 4 * k, true));
    const q = [0, 1, 2, 3].map((k) => dv.getFloat32(o + 20 + 4 * k, true));
    // World = parent's world * (T R): the joints' scale (IQM's last three floats) is 1 in the files read here.
    if (parent < 0) world.push([...t, ...q]);
    else {
      const p = world[parent];
      const pt = rotate(p.slice(3), t);
      world.push([p[0] + pt[0], p[1] + pt[1], p[2] + pt[2], ...mulQ(p.slice(3), q)]);
    }
  }
  const jointPositions = new Float64Array(numJoints * 3);
  for (let j = 0; j < numJoints; j++) {
    jointPositions[j * 3] = world[j][0]; jointPositions[j * 3 + 1] = world[j][2]; jointPositions[j * 3 + 2] = -world[j][1];
  }
  const weighted = new Array<boolean>(numJoints).fill(false);
  for (let i = 0; i < numVerts * 4; i++) if (blendW[i] > 0 && blendIdx[i] < numJoints) weighted[blendIdx[i]] = true;
  return { positions, indices, partOffsets, names, parents, jointPositions, weighted };
}

/** The weighted joints' names and bind-pose positions: the artist's joints a rig is measured against. */
export function weightedJoints(m: IqmModel): { name: string; position: number[] }[] {
  return m.weighted.flatMap((w, j) => (w ? [{ name: m.names[j], position: Array.from(m.jointPositions.subarray(j * 3, j * 3 + 3)) }] : []));
}

function mulQ(a: number[], b: number[]): number[] {
  const [ax, ay, az, aw] = a, [bx, by, bz, bw] = b;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz];
}

function rotate(q: number[], v: number[]): number[] {
  const [x, y, z, w] = q;
  // v + 2 w (q x v) + 2 q x (q x v)
  const cx = y * v[2] - z * v[1], cy = z * v[0] - x * v[2], cz = x * v[1] - y * v[0];
  return [v[0] + 2 * (w * cx + y * cz - z * cy), v[1] + 2 * (w * cy + z * cx - x * cz), v[2] + 2 * (w * cz + x * cy - y * cx)];
}
