/**
 * A small skinned test model made by code (CC0, no corpus needed): a cylinder 1 m tall along +Y
 * bound to a 3-joint chain (root at y 0, mid at 0.35 with a 30 degree rest twist, tip at 0.7),
 * a box "hat" rigidly bound to the tip, a 4x4 PNG texture, and two clips ("Bend", 1 s, and
 * "Twist", 0.5 s) with rotation and translation tracks. Used by round-trip tests.
 */
import sharp from 'sharp';
import type { Clip } from '../../shared/anim/clip';
import type { SceneModel, MeshPart } from '../../shared/mesh/model';
import { defaultMaterial } from '../../shared/mesh/model';

const SEGMENTS = 12;
const RINGS = 16;
const RADIUS = 0.1;
const HEIGHT = 1;

function quatAxisAngle(ax: number, ay: number, az: number, deg: number): number[] {
  const h = (deg * Math.PI) / 360;
  return [ax * Math.sin(h), ay * Math.sin(h), az * Math.sin(h), Math.cos(h)];
}

function cylinder(): MeshPart {
  const n = (SEGMENTS + 1) * (RINGS + 1);
  const positions = new Float32Array(n * 3);
  const normals = new Float32Array(n * 3);
  const uvs = new Float32Array(n * 2);
  const skinJoints = new Uint16Array(n * 4);
  const skinWeights = new Float32Array(n * 4);
  let v = 0;
  for (let r = 0; r <= RINGS; r++) {
    const y = (r / RINGS) * HEIGHT;
    for (let s = 0; s <= SEGMENTS; s++) {
      const a = (s / SEGMENTS) * Math.PI * 2;
      positions.set([Math.sin(a) * RADIUS, y, Math.cos(a) * RADIUS], v * 3);
      normals.set([Math.sin(a), 0, Math.cos(a)], v * 3);
      uvs.set([s / SEGMENTS, 1 - r / RINGS], v * 2);
      // blend root->mid around y 0.35 and mid->tip around 0.7
      let j0 = 0, j1 = 1, t = 0;
      if (y < 0.25) t = 0;
      else if (y < 0.45) t = (y - 0.25) / 0.2;
      else if (y < 0.6) t = 1;
      else { j0 = 1; j1 = 2; t = Math.min(1, (y - 0.6) / 0.2); }
      if (t <= 0) skinJoints.set([j0, 0, 0, 0], v * 4), skinWeights.set([1, 0, 0, 0], v * 4);
      else if (t >= 1) skinJoints.set([j1, 0, 0, 0], v * 4), skinWeights.set([1, 0, 0, 0], v * 4);
      else skinJoints.set([j0, j1, 0, 0], v * 4), skinWeights.set([1 - t, t, 0, 0], v * 4);
      v++;
    }
  }
  const indices: number[] = [];
  for (let r = 0; r < RINGS; r++) {
    for (let s = 0; s < SEGMENTS; s++) {
      const a = r * (SEGMENTS + 1) + s;
      const b = a + SEGMENTS + 1;
      indices.push(a, a + 1, b, a + 1, b + 1, b);
    }
  }
  return { name: 'Body', positions, normals, uvs, colors: null, indices: Uint32Array.from(indices), material: 0, skinJoints, skinWeights };
}

function hat(): MeshPart {
  const p: number[] = [];
  const nrm: number[] = [];
  const idx: number[] = [];
  const faces: [number[], number[], number[]][] = [
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]], [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]], [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]], [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
  ];
  for (const [n, u, w] of faces) {
    const base = p.length / 3;
    for (const [su, sw] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      p.push(0.15 * (n[0] + su * u[0] + sw * w[0]), 1.1 + 0.1 * (n[1] + su * u[1] + sw * w[1]), 0.15 * (n[2] + su * u[2] + sw * w[2]));
      nrm.push(...n);
    }
    idx.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const count = p.length / 3;
  const colors = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) colors.set([1, 0.2, 0.1, 1], i * 4);
  const skinJoints = new Uint16Array(count * 4);
  const skinWeights = new Float32Array(count * 4);
  for (let i = 0; i < count; i++) skinJoints[i * 4] = 2, skinWeights[i * 4] = 1;
  return { name: 'Hat', positions: Float32Array.from(p), normals: Float32Array.from(nrm), uvs: null, colors, indices: Uint32Array.from(idx), material: 1, skinJoints, skinWeights };
}

function clips(): Clip[] {
  const times = Float32Array.from([0, 0.25, 0.5, 0.75, 1]);
  const bendMid: number[] = [], bendTip: number[] = [], rootT: number[] = [];
  const twist30 = quatAxisAngle(0, 1, 0, 30);
  for (const t of times) {
    const deg = 40 * Math.sin(t * Math.PI * 2);
    // mid keeps its 30 degree rest twist and bends about Z on top of it
    const bend = quatAxisAngle(0, 0, 1, deg);
    const q = [
      twist30[3] * bend[0] + twist30[0] * bend[3] + twist30[1] * bend[2] - twist30[2] * bend[1],
      twist30[3] * bend[1] - twist30[0] * bend[2] + twist30[1] * bend[3] + twist30[2] * bend[0],
      twist30[3] * bend[2] + twist30[0] * bend[1] - twist30[1] * bend[0] + twist30[2] * bend[3],
      twist30[3] * bend[3] - twist30[0] * bend[0] - twist30[1] * bend[1] - twist30[2] * bend[2],
    ];
    bendMid.push(...q);
    bendTip.push(...quatAxisAngle(0, 0, 1, deg * 0.5));
    rootT.push(0, 0.05 * Math.sin(t * Math.PI * 2), 0);
  }
  const ttimes = Float32Array.from([0, 0.25, 0.5]);
  const twist: number[] = [];
  for (const t of ttimes) twist.push(...quatAxisAngle(0, 1, 0, 90 * t));
  return [
    {
      name: 'Bend',
      duration: 1,
      tracks: [
        { joint: 'root', path: 'translation', interpolation: 'LINEAR', times, values: Float32Array.from(rootT) },
        { joint: 'mid', path: 'rotation', interpolation: 'LINEAR', times, values: Float32Array.from(bendMid) },
        { joint: 'tip', path: 'rotation', interpolation: 'LINEAR', times, values: Float32Array.from(bendTip) },
      ],
    },
    {
      name: 'Twist',
      duration: 0.5,
      tracks: [{ joint: 'root', path: 'rotation', interpolation: 'LINEAR', times: ttimes, values: Float32Array.from(twist) }],
    },
  ];
}

export async function makeSyntheticSkinned(): Promise<SceneModel> {
  const png = await sharp(Buffer.from([
    255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255,
    0, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 255,
    128, 128, 128, 64, 64, 64, 32, 32, 32, 16, 16, 16,
    200, 100, 50, 50, 100, 200, 100, 200, 50, 10, 20, 30,
  ]), { raw: { width: 4, height: 4, channels: 3 } }).png().toBuffer();
  const body = defaultMaterial('BodyMaterial');
  body.baseColorTexture = 0;
  body.baseColorFactor = [1, 1, 1, 1];
  const hatMat = defaultMaterial('HatMaterial');
  hatMat.baseColorFactor = [0.9, 0.3, 0.1, 1];
  const r30 = quatAxisAngle(0, 1, 0, 30);
  return {
    parts: [cylinder(), hat()],
    materials: [body, hatMat],
    textures: [{ name: 'checker', mimeType: 'image/png', data: new Uint8Array(png) }],
    skeleton: {
      names: ['root', 'mid', 'tip'],
      parents: Int32Array.from([-1, 0, 1]),
      restLocal: Float32Array.from([
        0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
        0, 0.35, 0, r30[0], r30[1], r30[2], r30[3], 1, 1, 1,
        0, 0.35, 0, 0, 0, 0, 1, 1, 1, 1,
      ]),
    },
    clips: clips(),
    meta: { generator: 'synthetic-skinned' },
  };
}
