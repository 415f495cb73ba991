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
 * Props are read with the project's `readModel` (shared/mesh) and rendered with the project's
 * `renderFrontView` (shared/render, 3x3 supersampled, anti-aliased edges; true mask = coverage
 * >= 50%). The model's front view is rasterized with `rasterizeFrontMask` in the exact pixel frame
 * of the input (`report.frame`), so the IoU needs no resampling.
 *
 * With --chain it instead runs the generate -> rig biped chain on front images of the synthetic
 * T-pose biped and reports how often the skeleton is usable (test/support/generate-rig-sweep.ts).
 *
 * Usage: npm run eval:generate -- [--limit N] [--variants alpha,white,noisy] [--out DIR] [--no-validate] [--save-inputs] [--only SUBSTRING]
 *        npm run eval:generate -- --chain
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
// @ts-expect-error gltf-validator ships no type declarations
import validator from 'gltf-validator';
import type { SceneModel } from '../../shared/mesh/model';
import { readModel } from '../../shared/mesh/read-model';
import { decodeTextures } from '../../shared/render/decode-textures';
import { renderFrontView } from '../../shared/render/render-front-view';
import { writeGlb } from '../../shared/mesh/write-glb';
import { encodePng } from '../../shared/generate/encode-png';
import type { GenerateResult } from '../../shared/generate/engine';
import { generateFromImageBytes } from '../../shared/generate/generate-from-bytes';
import { createMask, maskIou, type Mask, type RgbaImage } from '../../shared/generate/image';
import { checkClosedManifold } from '../../shared/generate/mesh-checks';
import { rasterizeFrontMask, renderFrontColor } from '../../shared/generate/rasterize-front';
import { backgroundImage, figureOn } from '../shared/generate/support/synth-images';
import { corpusDir, hasCorpus } from '../support/corpus';
import { DEFAULT_CHAIN_CASES, runChainCase, type ChainRow } from '../support/generate-rig-sweep';

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
  if (args.includes('--chain')) return chainEval();
  if (!hasCorpus) {
    console.log(`generate-eval: corpus not found at ${corpusDir}; nothing to evaluate`);
    process.exit(1);
  }
  mkdirSync(outDir, { recursive: true });
  const only = arg('--only');
  const files = listGlbs(path.join(corpusDir, 'props')).filter((f) => !only || f.includes(only)).slice(0, limit);
  console.log(`generate-eval: ${files.length} props, variants ${variants.join(', ')}, machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  // Warm-up (JIT) on the first prop so the timings measure steady-state work.
  const rows: Row[] = [];
  let warmed = false;
  for (const file of files) {
    const name = path.relative(path.join(corpusDir, 'props'), file);
    let input: { image: RgbaImage; truth: Mask } | null;
    try {
      input = await renderProp(await loadProp(file));
    } catch (err) {
      console.log(`  ${name}: cannot render (${(err as Error).message})`);
      continue;
    }
    if (!input) { console.log(`  ${name}: (almost) nothing visible from the front, skipped`); continue; }
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
  await timingRuns();
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (timings are wall-clock on a shared machine)`);
  writeFileSync(path.join(outDir, 'results.json'), JSON.stringify(rows, null, 1));
  console.log(`contact sheets and results.json in ${outDir}`);
}

/**
 * Steady-state time for one 1024x1024 image (the synthetic figure on white, PNG): a warm-up,
 * then 5 runs, median and spread (GUIDE §5), with the stage split of the median run.
 */
async function timingRuns(): Promise<void> {
  const { image } = figureOn('white', SIZE, SIZE, 11);
  const bytes = await encodePng(image, { opaque: true });
  await generateFromImageBytes(bytes, {});
  const runs: { total: number; stages: Record<string, number> }[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const r = await generateFromImageBytes(bytes, {});
    runs.push({ total: (performance.now() - t0) / 1000, stages: r.report.timings_ms });
  }
  runs.sort((a, b) => a.total - b.total);
  const med = runs[2];
  console.log(
    `timing (figure on white, 1024x1024 PNG, decode + generate, 5 runs after warm-up): median ${med.total.toFixed(2)} s, ` +
      `min ${runs[0].total.toFixed(2)} s, max ${runs[4].total.toFixed(2)} s; median run stages (ms): ` +
      Object.entries(med.stages).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '),
  );
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

async function loadProp(file: string): Promise<SceneModel> {
  const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file), {
    resolveResource: (uri) => new Uint8Array(readFileSync(path.join(path.dirname(file), decodeURIComponent(uri)))),
  });
  return model;
}

// ---- rendering the input -------------------------------------------------------------------

/** Front render fitted into the image with a margin, and its true coverage mask. */
async function renderProp(model: SceneModel): Promise<{ image: RgbaImage; truth: Mask } | null> {
  if (model.parts.every((p) => p.indices.length === 0)) return null;
  const view = renderFrontView(model, SIZE, { textures: await decodeTextures(model, () => undefined), margin: 0.06 });
  const truth = createMask(SIZE, SIZE);
  let area = 0;
  for (let i = 0; i < SIZE * SIZE; i++) { truth.data[i] = view.mask[i] >= 128 ? 1 : 0; area += truth.data[i]; }
  // A prop seen edge-on (a floor tile) covers almost nothing from the front: not a generation input.
  if (area < 0.001 * SIZE * SIZE) return null;
  return { image: { width: SIZE, height: SIZE, data: new Uint8ClampedArray(view.image.data) }, truth };
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

/**
 * --chain: generate -> rig biped over 36 front images of the synthetic T-pose biped (9 sizes,
 * symmetric or right arm raised 30 degrees, alpha or plain background). Counts inputs whose skeleton
 * fails `bipedSkeletonProblems` and reports the front-plane joint error against the rendered figure.
 */
async function chainEval(): Promise<void> {
  console.log(`generate-eval --chain: ${DEFAULT_CHAIN_CASES.length} inputs, machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const rows: ChainRow[] = [];
  for (const c of DEFAULT_CHAIN_CASES) {
    const r = await runChainCase(c);
    rows.push(r);
    console.log(
      `  ${r.size}px ${r.background.padEnd(5)} arm ${String(r.raiseRightArmDeg).padStart(2)}deg: joint error mean ${(100 * r.meanError).toFixed(2)}% max ${(100 * r.maxError).toFixed(1)}% of height, ` +
        `ankles at ${r.ankles.map((a) => a.toFixed(3)).join('/')} H, generate ${r.seconds.generate.toFixed(2)} s, rig ${r.seconds.rig.toFixed(2)} s` +
        (r.problems.length ? `; NOT USABLE: ${r.problems.join(' | ')}` : '') + (r.warnings.length ? `; warnings: ${r.warnings.join(' | ')}` : ''),
    );
  }
  const means = rows.map((r) => r.meanError).sort((a, b) => a - b);
  const usable = rows.filter((r) => r.problems.length === 0);
  console.log(
    `\nchain summary: usable skeleton ${usable.length}/${rows.length}; mean joint error median ${(100 * means[means.length >> 1]).toFixed(2)}%, ` +
      `worst ${(100 * means[means.length - 1]).toFixed(2)}% of height; inputs failing only on the ankles: ` +
      `${rows.filter((r) => r.problems.length > 0 && r.problems.every((p) => /Foot|Leg/.test(p))).length}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
