/**
 * Diagnosis for structural retargeting (issue 15): prints a corpus clip file's skeleton as the clip step
 * sees it (scales baked, control rig dropped, leaf ends from the mesh) as a tree, each joint with its rest
 * position (x, height above the lowest joint, z; fractions of height), its own skin weight and its
 * subtree's (% of all), and whether the clip keys it.
 * Usage: npx tsx test/eval/clip-skeleton-tree.ts characters/kaykit/Barbarian.glb '^Idle$'
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readModel } from '../../shared/mesh/read-model';
import { bakeJointScale } from '../../shared/anim/bake-scale';
import { deformingSkeleton } from '../../shared/anim/deforming-skeleton';
import { withLeafEnds } from '../../shared/anim/leaf-ends';
import { restWorld } from '../../shared/anim/pose';
import { corpusDir } from '../support/corpus-dir';
const rel = process.argv[2], clipRe = process.argv[3] ?? '';
const file = path.join(corpusDir, rel);
(async () => {
  const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
  const clip = model.clips.find((c) => new RegExp(clipRe, 'i').test(c.name))!;
  const baked = bakeJointScale(model.skeleton!, clip);
  const body = deformingSkeleton(baked.skeleton, model.parts);
  const s = withLeafEnds(body.skeleton, body.parts);
  const rest = restWorld(s);
  const n = s.names.length;
  const w = new Float64Array(n); let tot = 0;
  for (const p of body.parts) if (p.skinJoints && p.skinWeights) for (let i = 0; i < p.skinJoints.length; i++) { w[p.skinJoints[i]] += p.skinWeights[i]; tot += p.skinWeights[i]; }
  const animated = new Set(clip.tracks.map((t) => t.joint));
  let lo = Infinity, hi = -Infinity; for (let j = 0; j < n; j++) { lo = Math.min(lo, rest.position[j*3+1]); hi = Math.max(hi, rest.position[j*3+1]); }
  const H = hi - lo;
  const kids: number[][] = Array.from({ length: n }, () => []);
  s.parents.forEach((p, j) => p >= 0 && kids[p].push(j));
  const sub = new Float64Array(n);
  for (let j = n - 1; j >= 0; j--) { sub[j] += w[j]; if (s.parents[j] >= 0) sub[s.parents[j]] += sub[j]; }
  const pr = (j: number, d: number) => {
    const p = rest.position;
    console.log(`${'  '.repeat(d)}${j} ${s.names[j]} [${[0,1,2].map(c => ((p[j*3+c] - (c===1?lo:0))/H).toFixed(2)).join(',')}] w=${(100*w[j]/tot).toFixed(2)}% sub=${(100*sub[j]/tot).toFixed(1)}%${animated.has(s.names[j]) ? '' : ' (unkeyed)'}`);
    kids[j].forEach((c) => pr(c, d + 1));
  };
  console.log(`clip ${clip.name}; ${n} joints, height ${H.toFixed(3)}`);
  s.parents.forEach((p, j) => p < 0 && pr(j, 0));
})();
