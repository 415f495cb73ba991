/**
 * Shading of a visibility buffer: Lambert (a key and a fill light fixed to the camera) plus a
 * hemispheric ambient term, times base colour factor x vertex colour x base colour texture,
 * plus emissive. Writes linear premultiplied RGBA per sample (alpha 1 where covered).
 */
import type { Material } from '../mesh/model';
import { SRGB_TO_LINEAR } from './color';
import type { Camera } from './camera';
import type { SampleTest } from './rasterize';
import type { RenderMesh } from './render-mesh';
import type { DecodedTexture } from './types';

const DEFAULT_FACTOR: [number, number, number, number] = [0.8, 0.8, 0.8, 1];
const KEY = 0.78;
const FILL = 0.22;
const AMBIENT_SKY = 0.36;
const AMBIENT_GROUND = 0.2;

export interface Light { x: number; y: number; z: number }

/** Key light from the upper left of the camera, fill from the right, in world space. */
export function cameraLights(cam: Camera): { key: Light; fill: Light } {
  const mk = (r: number, u: number, b: number): Light => {
    const x = cam.right[0] * r + cam.up[0] * u - cam.forward[0] * b;
    const y = cam.right[1] * r + cam.up[1] * u - cam.forward[1] * b;
    const z = cam.right[2] * r + cam.up[2] * u - cam.forward[2] * b;
    const l = Math.hypot(x, y, z);
    return { x: x / l, y: y / l, z: z / l };
  };
  return { key: mk(-0.45, 0.75, 0.6), fill: mk(0.8, 0.1, 0.4) };
}

/** Bilinear, repeat-wrapped sample of an sRGB texture into `out` as linear RGBA. */
export function sampleTexture(tex: DecodedTexture, u: number, v: number, out: Float32Array): void {
  const w = tex.width, h = tex.height, d = tex.data;
  let fx = (u - Math.floor(u)) * w - 0.5;
  let fy = (v - Math.floor(v)) * h - 0.5;
  if (!Number.isFinite(fx)) fx = 0;
  if (!Number.isFinite(fy)) fy = 0;
  const x0f = Math.floor(fx), y0f = Math.floor(fy);
  const tx = fx - x0f, ty = fy - y0f;
  const x0 = ((x0f % w) + w) % w, y0 = ((y0f % h) + h) % h;
  const x1 = (x0 + 1) % w, y1 = (y0 + 1) % h;
  const i00 = (y0 * w + x0) * 4, i10 = (y0 * w + x1) * 4, i01 = (y1 * w + x0) * 4, i11 = (y1 * w + x1) * 4;
  const w00 = (1 - tx) * (1 - ty), w10 = tx * (1 - ty), w01 = (1 - tx) * ty, w11 = tx * ty;
  for (let c = 0; c < 3; c++) {
    out[c] = SRGB_TO_LINEAR[d[i00 + c]] * w00 + SRGB_TO_LINEAR[d[i10 + c]] * w10
      + SRGB_TO_LINEAR[d[i01 + c]] * w01 + SRGB_TO_LINEAR[d[i11 + c]] * w11;
  }
  out[3] = (d[i00 + 3] * w00 + d[i10 + 3] * w10 + d[i01 + 3] * w01 + d[i11 + 3] * w11) / 255;
}

export interface ShadeInputs {
  mesh: RenderMesh;
  /** Perspective weight per vertex (see projectVertices). */
  persp: Float32Array;
  materials: Material[];
  textures: (DecodedTexture | null)[];
  cam: Camera;
}

const texel = new Float32Array(4);

/** Perspective-correct barycentrics of sample (b1, b2) on triangle t, written to `bary`. */
export function perspectiveBary(mesh: RenderMesh, persp: Float32Array, t: number, s1: number, s2: number, bary: Float32Array): void {
  const i0 = mesh.indices[t * 3], i1 = mesh.indices[t * 3 + 1], i2 = mesh.indices[t * 3 + 2];
  const q0 = (1 - s1 - s2) * persp[i0], q1 = s1 * persp[i1], q2 = s2 * persp[i2];
  const s = q0 + q1 + q2;
  if (s > 0) { bary[0] = q0 / s; bary[1] = q1 / s; bary[2] = q2 / s; }
  else { bary[0] = 1 - s1 - s2; bary[1] = s1; bary[2] = s2; }
}

const bary = new Float32Array(3);

/** Shades triangle `t` at screen-space barycentrics (s1, s2): linear RGB into out[0..2]. */
export type TriangleShader = (t: number, s1: number, s2: number, out: Float32Array) => void;

export function createShader(inputs: ShadeInputs): TriangleShader {
  const { mesh, persp, materials, textures, cam } = inputs;
  const { key, fill } = cameraLights(cam);
  const { normals, uvs, colors, indices, triMaterial, triHasUv } = mesh;
  const fx = cam.forward[0], fy = cam.forward[1], fz = cam.forward[2];
  return (t, s1, s2, out) => {
    perspectiveBary(mesh, persp, t, s1, s2, bary);
    const w0 = bary[0], w1 = bary[1], w2 = bary[2];
    const i0 = indices[t * 3], i1 = indices[t * 3 + 1], i2 = indices[t * 3 + 2];
    let nx = normals[i0 * 3] * w0 + normals[i1 * 3] * w1 + normals[i2 * 3] * w2;
    let ny = normals[i0 * 3 + 1] * w0 + normals[i1 * 3 + 1] * w1 + normals[i2 * 3 + 1] * w2;
    let nz = normals[i0 * 3 + 2] * w0 + normals[i1 * 3 + 2] * w1 + normals[i2 * 3 + 2] * w2;
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len; ny /= len; nz /= len;
    // Two-sided lighting: a normal facing away from the camera belongs to the back of a surface.
    if (nx * fx + ny * fy + nz * fz > 0) { nx = -nx; ny = -ny; nz = -nz; }

    const m = triMaterial[t];
    const mat = m >= 0 ? materials[m] : null;
    const f = mat ? mat.baseColorFactor : DEFAULT_FACTOR;
    let r = f[0] * (colors[i0 * 4] * w0 + colors[i1 * 4] * w1 + colors[i2 * 4] * w2);
    let g = f[1] * (colors[i0 * 4 + 1] * w0 + colors[i1 * 4 + 1] * w1 + colors[i2 * 4 + 1] * w2);
    let b = f[2] * (colors[i0 * 4 + 2] * w0 + colors[i1 * 4 + 2] * w1 + colors[i2 * 4 + 2] * w2);
    const tex = mat && mat.baseColorTexture !== null ? textures[mat.baseColorTexture] ?? null : null;
    if (tex && triHasUv[t] === 1) {
      const u = uvs[i0 * 2] * w0 + uvs[i1 * 2] * w1 + uvs[i2 * 2] * w2;
      const v = uvs[i0 * 2 + 1] * w0 + uvs[i1 * 2 + 1] * w1 + uvs[i2 * 2 + 1] * w2;
      sampleTexture(tex, u, v, texel);
      r *= texel[0]; g *= texel[1]; b *= texel[2];
    }
    const kd = nx * key.x + ny * key.y + nz * key.z;
    const fd = nx * fill.x + ny * fill.y + nz * fill.z;
    const light = AMBIENT_GROUND + (AMBIENT_SKY - AMBIENT_GROUND) * (ny * 0.5 + 0.5)
      + (kd > 0 ? KEY * kd : 0) + (fd > 0 ? FILL * fd : 0);
    r *= light; g *= light; b *= light;
    if (mat) { r += mat.emissiveFactor[0]; g += mat.emissiveFactor[1]; b += mat.emissiveFactor[2]; }
    out[0] = r; out[1] = g; out[2] = b;
  };
}

/**
 * Alpha-MASK support: flags triangles whose material is MASK with a texture and returns a sample
 * test that drops samples whose texture alpha x factor alpha is below the cutoff.
 */
export function maskTest(inputs: ShadeInputs): { needsTest: Uint8Array; test: SampleTest } | null {
  const { mesh, persp, materials, textures } = inputs;
  const flagged = new Uint8Array(mesh.triangleCount);
  let any = false;
  for (let t = 0; t < mesh.triangleCount; t++) {
    const m = mesh.triMaterial[t];
    const mat = m >= 0 ? materials[m] : null;
    if (mat && mat.alphaMode === 'MASK' && mat.baseColorTexture !== null && textures[mat.baseColorTexture] && mesh.triHasUv[t]) {
      flagged[t] = 1;
      any = true;
    }
  }
  if (!any) return null;
  const maskBary = new Float32Array(3);
  const maskTexel = new Float32Array(4);
  const test: SampleTest = (t, _b0, b1, b2) => {
    const mat = materials[mesh.triMaterial[t]];
    perspectiveBary(mesh, persp, t, b1, b2, maskBary);
    const i0 = mesh.indices[t * 3], i1 = mesh.indices[t * 3 + 1], i2 = mesh.indices[t * 3 + 2];
    const u = mesh.uvs[i0 * 2] * maskBary[0] + mesh.uvs[i1 * 2] * maskBary[1] + mesh.uvs[i2 * 2] * maskBary[2];
    const v = mesh.uvs[i0 * 2 + 1] * maskBary[0] + mesh.uvs[i1 * 2 + 1] * maskBary[1] + mesh.uvs[i2 * 2 + 1] * maskBary[2];
    sampleTexture(textures[mat.baseColorTexture as number] as DecodedTexture, u, v, maskTexel);
    return maskTexel[3] * mat.baseColorFactor[3] >= mat.alphaCutoff;
  };
  return { needsTest: flagged, test };
}
