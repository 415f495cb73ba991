/**
 * The shared pipeline behind renderThumbnail and renderFrontView:
 * flatten (and pose) -> frame -> project -> visibility buffer (+ bones) -> shade-and-resolve.
 * Visibility buffers are cached per size at module level: thumbnails are rendered in batches and
 * re-allocating ~10 MB per image was a visible part of the time.
 */
import type { SceneModel } from '../mesh/model';
import { buildBoneMesh } from './bone-mesh';
import { frameCamera, projectVertices, type Camera, type ViewName } from './camera';
import { clearRasterTarget, createRasterTarget, rasterizeTriangles, type RasterTarget } from './rasterize';
import { buildRenderMesh } from './render-mesh';
import { resolvePixels } from './resolve';
import { cameraLights, createShader, maskTest, type TriangleShader } from './shade';
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

let cachedModel: RasterTarget | null = null;
let cachedOverlay: RasterTarget | null = null;

/** Cached visibility buffers (cleared), one for the model and one for the bone overlay. */
function targetFor(w: number, h: number, overlay: boolean): RasterTarget {
  let t = overlay ? cachedOverlay : cachedModel;
  if (!t || t.width !== w || t.height !== h) t = createRasterTarget(w, h);
  else clearRasterTarget(t);
  if (overlay) cachedOverlay = t; else cachedModel = t;
  return t;
}

const MAX_SAMPLES = 4096 * 4096;
const BONE_COLOR = [0.25, 0.62, 1.0];

export function renderCore(model: SceneModel, o: CoreOptions): CoreResult {
  const width = Math.floor(o.width), height = Math.floor(o.height), ss = Math.floor(o.supersample);
  if (!(width >= 1 && height >= 1 && ss >= 1 && ss <= 8)) throw new Error(`render: bad size ${o.width}x${o.height} supersample ${o.supersample}`);
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
  const target = targetFor(W, H, false);

  const n = mesh.vertexCount;
  const sx = new Float32Array(n), sy = new Float32Array(n), dk = new Float32Array(n), persp = new Float32Array(n);
  projectVertices(cam, mesh.positions, sx, sy, dk, persp);
  const inputs = { mesh, persp, materials: model.materials, textures: o.textures, cam };
  const mask = maskTest(inputs);
  rasterizeTriangles(target, sx, sy, dk, mesh.indices, mesh.triangleCount, 0, mask?.needsTest ?? null, mask?.test ?? null);
  const shade = createShader(inputs);

  let overlay: RasterTarget | null = null;
  let overlayShade: TriangleShader | null = null;
  if (bones && bones.indices.length > 0) {
    overlay = targetFor(W, H, true);
    overlayShade = rasterizeBones(bones.positions, bones.indices, cam, overlay);
  }
  return { image: resolvePixels(target, shade, ss, width, height, o.background, overlay, overlayShade), camera: cam };
}

/** Bones are drawn over the model (X-ray, their own depth test), flat-lit in a light blue. */
function rasterizeBones(positions: Float32Array, indices: Uint32Array, cam: Camera, target: RasterTarget): TriangleShader {
  const n = positions.length / 3;
  const sx = new Float32Array(n), sy = new Float32Array(n), dk = new Float32Array(n), persp = new Float32Array(n);
  projectVertices(cam, positions, sx, sy, dk, persp);
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
  return (t, _s1, _s2, out) => {
    const s = shadeOfTri[t];
    out[0] = BONE_COLOR[0] * s; out[1] = BONE_COLOR[1] * s; out[2] = BONE_COLOR[2] * s;
  };
}
