/**
 * The shared pipeline behind renderThumbnail and renderFrontView:
 * flatten (and pose) -> frame -> project -> visibility buffer -> shade -> bones -> resolve.
 * Sample buffers are cached per size at module level: thumbnails are rendered in batches and
 * re-allocating ~10 MB per image was a visible part of the time.
 */
import type { SceneModel } from '../mesh/model';
import { buildBoneMesh } from './bone-mesh';
import { frameCamera, projectVertices, type Camera, type ViewName } from './camera';
import { clearRasterTarget, createRasterTarget, rasterizeTriangles, type RasterTarget } from './rasterize';
import { buildRenderMesh } from './render-mesh';
import { resolveSamples } from './resolve';
import { cameraLights, maskTest, shadeSamples } from './shade';
import type { Background, DecodedTexture, RenderedImage } from './types';

export interface CoreOptions {
  width: number;
  height: number;
  supersample: number;
  margin: number;
  view: ViewName;
  perspective: boolean;
  background: Background;
  showBones: boolean;
  pose?: Float32Array;
  textures: (DecodedTexture | null)[];
}

export interface CoreResult { image: RenderedImage; camera: Camera }

let cachedTarget: RasterTarget | null = null;
let cachedColor: Float32Array | null = null;

function buffersFor(w: number, h: number): { target: RasterTarget; color: Float32Array } {
  if (!cachedTarget || cachedTarget.width !== w || cachedTarget.height !== h) {
    cachedTarget = createRasterTarget(w, h);
    cachedColor = new Float32Array(w * h * 4);
  } else {
    clearRasterTarget(cachedTarget);
    (cachedColor as Float32Array).fill(0);
  }
  return { target: cachedTarget, color: cachedColor as Float32Array };
}

const MAX_SAMPLES = 4096 * 4096;
const BONE_COLOR = [0.25, 0.62, 1.0];

export function renderCore(model: SceneModel, o: CoreOptions): CoreResult {
  const width = Math.floor(o.width), height = Math.floor(o.height), ss = Math.floor(o.supersample);
  if (!(width >= 1 && height >= 1 && ss >= 1)) throw new Error(`render: bad size ${o.width}x${o.height} supersample ${o.supersample}`);
  if (width * height * ss * ss > MAX_SAMPLES) throw new Error(`render: ${width}x${height} at ${ss}x supersampling is too large`);
  if (!(o.margin >= 0 && o.margin < 0.5)) throw new Error(`render: margin ${o.margin} must be in [0, 0.5)`);
  const W = width * ss, H = height * ss;
  const mesh = buildRenderMesh(model, o.pose);
  const bones = o.showBones && model.skeleton && model.skeleton.names.length > 1 ? buildBoneMesh(model.skeleton, o.pose) : null;

  let framing = mesh.positions;
  if (bones && bones.positions.length > 0) {
    framing = new Float32Array(mesh.positions.length + bones.positions.length);
    framing.set(mesh.positions);
    framing.set(bones.positions, mesh.positions.length);
  }
  const cam = frameCamera(framing, o.view, o.perspective, W, H, o.margin);
  const { target, color } = buffersFor(W, H);

  const n = mesh.vertexCount;
  const sx = new Float32Array(n), sy = new Float32Array(n), dk = new Float32Array(n), persp = new Float32Array(n);
  projectVertices(cam, mesh.positions, sx, sy, dk, persp);
  const inputs = { mesh, persp, materials: model.materials, textures: o.textures, cam };
  const mask = maskTest(inputs);
  rasterizeTriangles(target, sx, sy, dk, mesh.indices, mesh.triangleCount, 0, mask?.needsTest ?? null, mask?.test ?? null);
  shadeSamples(target, inputs, color);

  if (bones && bones.indices.length > 0) drawBones(bones.positions, bones.indices, cam, target, color);
  return { image: resolveSamples(color, W, ss, width, height, o.background), camera: cam };
}

/** Bones are drawn over the model (X-ray, their own depth test), flat-lit in a light blue. */
function drawBones(positions: Float32Array, indices: Uint32Array, cam: Camera, target: RasterTarget, color: Float32Array): void {
  const n = positions.length / 3;
  const sx = new Float32Array(n), sy = new Float32Array(n), dk = new Float32Array(n), persp = new Float32Array(n);
  projectVertices(cam, positions, sx, sy, dk, persp);
  clearRasterTarget(target);
  const triCount = indices.length / 3;
  rasterizeTriangles(target, sx, sy, dk, indices, triCount, 0);
  const { key } = cameraLights(cam);
  const shadeOfTri = new Float32Array(triCount);
  for (let t = 0; t < triCount; t++) {
    const a = indices[t * 3] * 3, b = indices[t * 3 + 1] * 3, c = indices[t * 3 + 2] * 3;
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.hypot(nx, ny, nz) || 1;
    nx /= l; ny /= l; nz /= l;
    if (nx * cam.forward[0] + ny * cam.forward[1] + nz * cam.forward[2] > 0) { nx = -nx; ny = -ny; nz = -nz; }
    const d = nx * key.x + ny * key.y + nz * key.z;
    shadeOfTri[t] = 0.45 + 0.55 * Math.max(0, d);
  }
  const count = target.width * target.height;
  for (let i = 0; i < count; i++) {
    const t = target.tri[i];
    if (t < 0) continue;
    const s = shadeOfTri[t];
    color[i * 4] = BONE_COLOR[0] * s; color[i * 4 + 1] = BONE_COLOR[1] * s; color[i * 4 + 2] = BONE_COLOR[2] * s;
    color[i * 4 + 3] = 1;
  }
}
