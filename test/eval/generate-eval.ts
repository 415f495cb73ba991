/**
 * npm run eval:generate — image-to-3D on renders of real CC0 props.
 *
 * For every prop GLB under ../shared/corpus/props/: render it from the front (orthographic,
 * 1024x1024), generate a model from that render (with its alpha channel, and flattened onto a
 * white background so the background separation is measured too), and report:
 * - silhouette IoU of the model's orthographic front view against the render's true mask
 *   (target >= 0.97), and against the mask the generator extracted;
 * - watertightness (every edge shared by exactly two consistently oriented triangles; target 100%);
 * - gltf-validator errors of the GLB written with writeGlb (target 0);
 * - time per image: decode + generate, 1024x1024 (target < 3 s on a 2-core machine).
 *
 * Props are read with the project's `readModel` (shared/mesh/read-model) when it is on this
 * branch, else with a small glTF-Transform loader below. Inputs are rendered with
 * `renderFrontColor` (shared/generate/rasterize-front) until the project renderer lands.
 *
 * Usage: npm run eval:generate -- [--limit N] [--variants alpha,white,noisy] [--out DIR] [--no-validate] [--save-inputs] [--only SUBSTRING]
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
// @ts-expect-error gltf-validator ships no type declarations
import validator from 'gltf-validator';
import type { SceneModel } from '../../shared/mesh/model';
import { writeGlb } from '../../shared/mesh/write-glb';
import { encodePng } from '../../shared/generate/encode-png';
import type { FrontViewFrame, GenerateResult } from '../../shared/generate/engine';
import { generateFromImageBytes } from '../../shared/generate/generate-from-bytes';
import { createMask, maskIou, type Mask, type RgbaImage } from '../../shared/generate/image';
import { checkClosedManifold } from '../../shared/generate/mesh-checks';
import { rasterizeFrontMask, renderFrontColor, type ColoredMesh } from '../../shared/generate/rasterize-front';
import { backgroundImage } from '../shared/generate/support/synth-images';
import { corpusDir, hasCorpus } from '../support/corpus';

type Variant = 'alpha' | 'white' | 'noisy';
const SIZE = 1024;

interface Row {
  prop: string;
  variant: Variant;
  ok: boolean;
  error?: string;
  iouTruth?: number;
  iouMask?: number;
  watertight?: boolean;
  validatorErrors?: number;
  seconds?: number;
  triangles?: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const limit = Number(arg('--limit') ?? Infinity);
  const variants = (arg('--variants') ?? 'alpha,white').split(',') as Variant[];
  const outDir = arg('--out') ?? path.join(os.tmpdir(), 'generate-eval');
  const validate = !args.includes('--no-validate');
  const saveInputs = args.includes('--save-inputs');
  if (!hasCorpus) {
    console.log(`generate-eval: corpus not found at ${corpusDir}; nothing to evaluate`);
    process.exit(1);
  }
  mkdirSync(outDir, { recursive: true });
  const only = arg('--only');
  const files = listGlbs(path.join(corpusDir, 'props')).filter((f) => !only || f.includes(only)).slice(0, limit);
  const loader = await propLoader();
  console.log(`generate-eval: ${files.length} props, variants ${variants.join(', ')}, loader: ${loader.name}, machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  // Warm-up (JIT) on the first prop so the timings measure steady-state work.
  const rows: Row[] = [];
  let warmed = false;
  for (const file of files) {
    const name = path.relative(path.join(corpusDir, 'props'), file);
    let input: { image: RgbaImage; truth: Mask } | null;
    try {
      input = await renderProp(await loader.load(file));
    } catch (err) {
      console.log(`  ${name}: cannot render (${(err as Error).message})`);
      continue;
    }
    if (!input) { console.log(`  ${name}: no visible triangles from the front`); continue; }
    for (const variant of variants) {
      const bytes = await inputBytes(input.image, variant);
      const stem = path.join(outDir, name.replace(/[\\/]/g, '__'));
      if (saveInputs) writeFileSync(`${stem}.${variant}.input.${variant === 'noisy' ? 'jpg' : 'png'}`, bytes);
      if (!warmed) { await generateFromImageBytes(bytes, {}).catch(() => undefined); warmed = true; }
      const row: Row = { prop: name, variant, ok: false };
      const t0 = performance.now();
      let result: GenerateResult;
      try {
        result = await generateFromImageBytes(bytes, {});
      } catch (err) {
        row.error = (err as Error).message;
        rows.push(row);
        console.log(`  ${name} [${variant}]: FAILED ${row.error}`);
        continue;
      }
      row.seconds = (performance.now() - t0) / 1000;
      const part = result.model.parts[0];
      const front = rasterizeFrontMask(part.positions, part.indices, result.report.frame);
      row.iouTruth = maskIou(front, input.truth);
      row.iouMask = maskIou(front, result.mask!);
      row.watertight = checkClosedManifold(part.positions, part.indices).watertight;
      row.triangles = result.report.triangles;
      if (validate) {
        const report = await validator.validateBytes(await writeGlb(result.model), { maxIssues: 10 });
        row.validatorErrors = report.issues.numErrors;
      }
      row.ok = true;
      if (saveInputs) await saveMask(`${stem}.${variant}.mask.png`, result.mask!, input.truth);
      rows.push(row);
      console.log(
        `  ${name} [${variant}]: IoU ${row.iouTruth.toFixed(4)} (vs own mask ${row.iouMask.toFixed(4)}), ` +
          `${row.watertight ? 'watertight' : 'NOT WATERTIGHT'}, ${row.triangles} tris, ${row.seconds.toFixed(2)} s` +
          (validate ? `, validator errors ${row.validatorErrors}` : ''),
      );
      if (variant === variants[0]) await saveSheet(`${stem}.png`, input.image, result);
    }
  }
  summarize(rows, variants);
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (timings are wall-clock on a shared machine)`);
  writeFileSync(path.join(outDir, 'results.json'), JSON.stringify(rows, null, 1));
  console.log(`contact sheets and results.json in ${outDir}`);
}

function summarize(rows: Row[], variants: Variant[]): void {
  console.log('\nsummary');
  for (const variant of variants) {
    const all = rows.filter((r) => r.variant === variant);
    const ok = all.filter((r) => r.ok);
    const ious = ok.map((r) => r.iouTruth!).sort((a, b) => a - b);
    const times = ok.map((r) => r.seconds!).sort((a, b) => a - b);
    const q = (a: number[], p: number) => (a.length ? a[Math.min(a.length - 1, Math.floor(p * a.length))] : NaN);
    const mean = ious.reduce((s, v) => s + v, 0) / Math.max(1, ious.length);
    console.log(
      `  ${variant}: ${ok.length}/${all.length} generated; IoU vs true mask mean ${mean.toFixed(4)}, median ${q(ious, 0.5).toFixed(4)}, ` +
        `min ${ious[0]?.toFixed(4)}, >= 0.97: ${ious.filter((v) => v >= 0.97).length}/${ious.length}; ` +
        `watertight ${ok.filter((r) => r.watertight).length}/${ok.length}; ` +
        `validator errors ${ok.reduce((s, r) => s + (r.validatorErrors ?? 0), 0)}; ` +
        `time median ${q(times, 0.5).toFixed(2)} s, p90 ${q(times, 0.9).toFixed(2)} s, max ${times[times.length - 1]?.toFixed(2)} s`,
    );
    for (const r of all.filter((x) => !x.ok)) console.log(`    failed: ${r.prop}: ${r.error}`);
  }
}

function listGlbs(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...listGlbs(p));
    else if (entry.toLowerCase().endsWith('.glb')) out.push(p);
  }
  return out;
}

// ---- loading props -------------------------------------------------------------------------

interface PropLoader {
  name: string;
  load(file: string): Promise<SceneModel>;
}

async function propLoader(): Promise<PropLoader> {
  const readModelPath = path.resolve(import.meta.dirname ?? '.', '../../shared/mesh/read-model.ts');
  if (existsSync(readModelPath)) {
    const mod = (await import(readModelPath)) as {
      readModel(data: Uint8Array, name: string, o: { resolveResource(uri: string): Uint8Array }): Promise<{ model: SceneModel }>;
    };
    return {
      name: 'shared/mesh readModel',
      load: async (file) =>
        (await mod.readModel(new Uint8Array(readFileSync(file)), path.basename(file), {
          resolveResource: (uri) => new Uint8Array(readFileSync(path.join(path.dirname(file), decodeURIComponent(uri)))),
        })).model,
    };
  }
  return { name: 'eval glTF-Transform loader', load: loadWithGltfTransform };
}

/** World-space triangles, UVs and base colour of every triangle primitive. */
async function loadWithGltfTransform(file: string): Promise<SceneModel> {
  const doc: Document = await new NodeIO().read(file);
  const model: SceneModel = { parts: [], materials: [], textures: [], skeleton: null, clips: [], meta: {} };
  const textureIndex = new Map<unknown, number>();
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const m = node.getWorldMatrix();
    for (const prim of mesh.listPrimitives()) {
      if (prim.getMode() !== 4) continue;
      const pos = prim.getAttribute('POSITION');
      if (!pos) continue;
      const n = pos.getCount();
      const positions = new Float32Array(n * 3);
      const v: number[] = [0, 0, 0];
      for (let i = 0; i < n; i++) {
        pos.getElement(i, v);
        positions[i * 3] = m[0] * v[0] + m[4] * v[1] + m[8] * v[2] + m[12];
        positions[i * 3 + 1] = m[1] * v[0] + m[5] * v[1] + m[9] * v[2] + m[13];
        positions[i * 3 + 2] = m[2] * v[0] + m[6] * v[1] + m[10] * v[2] + m[14];
      }
      const idx = prim.getIndices();
      const indices = idx ? Uint32Array.from(idx.getArray()!) : Uint32Array.from({ length: n }, (_, i) => i);
      const uvAttr = prim.getAttribute('TEXCOORD_0');
      const uvs = uvAttr ? Float32Array.from(uvAttr.getArray()!) : null;
      const mat = prim.getMaterial();
      let material: number | null = null;
      if (mat) {
        const tex = mat.getBaseColorTexture();
        let texIdx: number | null = null;
        if (tex && tex.getImage()) {
          if (!textureIndex.has(tex)) {
            textureIndex.set(tex, model.textures.length);
            model.textures.push({ name: tex.getName(), mimeType: tex.getMimeType(), data: tex.getImage()! });
          }
          texIdx = textureIndex.get(tex)!;
        }
        material = model.materials.length;
        model.materials.push({
          name: mat.getName(), baseColorFactor: mat.getBaseColorFactor() as [number, number, number, number], baseColorTexture: texIdx,
          metallicFactor: 0, roughnessFactor: 1, emissiveFactor: [0, 0, 0], alphaMode: 'OPAQUE', alphaCutoff: 0.5, doubleSided: false,
        });
      }
      model.parts.push({ name: mesh.getName(), positions, normals: null, uvs, colors: null, indices, material, skinJoints: null, skinWeights: null });
    }
  }
  return model;
}

// ---- rendering the input -------------------------------------------------------------------

/** Front render fitted into the image with a margin, and its true coverage mask. */
async function renderProp(model: SceneModel): Promise<{ image: RgbaImage; truth: Mask } | null> {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const part of model.parts) {
    for (let i = 0; i < part.positions.length; i += 3) {
      minX = Math.min(minX, part.positions[i]); maxX = Math.max(maxX, part.positions[i]);
      minY = Math.min(minY, part.positions[i + 1]); maxY = Math.max(maxY, part.positions[i + 1]);
    }
  }
  if (!Number.isFinite(minX) || maxX - minX <= 0 || maxY - minY <= 0) return null;
  const ppm = (0.88 * SIZE) / Math.max(maxX - minX, maxY - minY);
  const frame: FrontViewFrame = {
    width: SIZE, height: SIZE, pixels_per_meter: ppm,
    origin_x: SIZE / 2 - ((minX + maxX) / 2) * ppm,
    origin_y: SIZE / 2 + ((minY + maxY) / 2) * ppm,
  };
  const textures = await Promise.all(model.textures.map(async (t) => {
    const { data, info } = await sharp(t.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
  }));
  const meshes: ColoredMesh[] = model.parts.map((part) => {
    const mat = part.material !== null ? model.materials[part.material] : null;
    const f = mat?.baseColorFactor ?? [0.8, 0.8, 0.8, 1];
    return {
      positions: part.positions, indices: part.indices, uvs: part.uvs,
      texture: mat && mat.baseColorTexture !== null ? textures[mat.baseColorTexture] : null,
      color: [f[0], f[1], f[2]],
    };
  });
  const image = renderFrontColor(meshes, frame);
  const truth = createMask(SIZE, SIZE);
  let area = 0;
  for (let i = 0; i < SIZE * SIZE; i++) { truth.data[i] = image.data[i * 4 + 3] > 0 ? 1 : 0; area += truth.data[i]; }
  return area > 0 ? { image, truth } : null;
}

async function inputBytes(image: RgbaImage, variant: Variant): Promise<Uint8Array> {
  if (variant === 'alpha') return encodePng(image);
  const bg = variant === 'white' ? backgroundImage('white', SIZE, SIZE) : backgroundImage('noisy', SIZE, SIZE, 17);
  const out = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < SIZE * SIZE; i++) {
    const a = image.data[i * 4 + 3] / 255;
    for (let c = 0; c < 3; c++) out[i * 4 + c] = a * image.data[i * 4 + c] + (1 - a) * bg.data[i * 4 + c];
    out[i * 4 + 3] = 255;
  }
  return variant === 'white'
    ? encodePng({ width: SIZE, height: SIZE, data: out }, { opaque: true })
    : new Uint8Array(await sharp(Buffer.from(out.buffer), { raw: { width: SIZE, height: SIZE, channels: 4 } }).removeAlpha().jpeg({ quality: 90 }).toBuffer());
}

/** Extracted mask against the truth: white both, red missed, blue extra. */
async function saveMask(file: string, mask: Mask, truth: Mask): Promise<void> {
  const out = new Uint8ClampedArray(mask.width * mask.height * 4);
  for (let i = 0; i < mask.width * mask.height; i++) {
    const m = mask.data[i], t = truth.data[i];
    out[i * 4] = m && t ? 255 : t ? 255 : 0;
    out[i * 4 + 1] = m && t ? 255 : 0;
    out[i * 4 + 2] = m && t ? 255 : m ? 255 : 0;
    out[i * 4 + 3] = 255;
  }
  writeFileSync(file, await encodePng({ width: mask.width, height: mask.height, data: out }));
}

/** Input | model front | model three-quarter | model side, for looking at results. */
async function saveSheet(file: string, input: RgbaImage, result: GenerateResult): Promise<void> {
  const part = result.model.parts[0];
  const { data, info } = await sharp(result.model.textures[0].data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const texture = { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) };
  const tile = 320;
  const tiles: Buffer[] = [await sharp(Buffer.from(await encodePng(input))).resize(tile, tile).png().toBuffer()];
  const r = result.report;
  for (const angle of [0, 40, 90]) {
    const a = (angle * Math.PI) / 180;
    const p = new Float32Array(part.positions.length);
    for (let i = 0; i < p.length; i += 3) {
      const x = part.positions[i], z = part.positions[i + 2];
      p[i] = Math.cos(a) * x + Math.sin(a) * z; p[i + 1] = part.positions[i + 1]; p[i + 2] = -Math.sin(a) * x + Math.cos(a) * z;
    }
    const ppm = (0.85 * tile) / Math.max(r.height_meters, r.width_meters, r.depth_meters);
    const img = renderFrontColor([{ positions: p, indices: part.indices, uvs: part.uvs, texture }], {
      width: tile, height: tile, pixels_per_meter: ppm, origin_x: tile / 2, origin_y: tile / 2 + (r.height_meters / 2) * ppm,
    });
    tiles.push(Buffer.from(await encodePng(img)));
  }
  const sheet = await sharp({ create: { width: tile * tiles.length, height: tile, channels: 4, background: { r: 228, g: 230, b: 236, alpha: 1 } } })
    .composite(tiles.map((t, i) => ({ input: t, left: i * tile, top: 0 })))
    .png()
    .toBuffer();
  writeFileSync(file, sheet);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
