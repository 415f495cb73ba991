/**
 * `npm run bench:reskin`: the live skin of the studio's "Edit joints" (issue 14). On the 20k-triangle
 * synthetic biped of bench:rig, the median wall time (>= 7 runs after a warm-up) of re-skinning after one
 * knee moves (`reskin`, with the per-mesh state built once by `prepareSkinState`), against a full fast rig
 * of the same mesh in the same run. A benchmark, not a timed test: the machine is printed with the figures.
 */
import os from 'node:os';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { prepareSkinState, reskin, type EditedSkeleton } from '../../shared/rig/reskin';
import type { RigOptions } from '../../shared/rig/types';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { subdivideTo } from './subdivide-mesh';

const RUNS = 9;

function median(label: string, runs: number, f: () => void): number {
  f(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const m = times[times.length >> 1];
  console.log(`${label.padEnd(44)} median ${m.toFixed(0).padStart(5)} ms  (min ${times[0].toFixed(0)}, max ${times[times.length - 1].toFixed(0)}, ${runs} runs)`);
  return m;
}

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`);
const mesh = subdivideTo(syntheticCharacter('biped', { pose: 'A', accessories: true }).mesh, 20_000);
const opts: RigOptions = { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' };
const tris = `${Math.round(mesh.indices.length / 3 / 1000)}k tris`;

const rigged = rigMesh(mesh, opts);
const joints = rigged.report.joints;
const names = joints.map((j) => j.name);
const positions = Float64Array.from(joints.flatMap((j) => j.position));
const skeleton: EditedSkeleton = {
  positions,
  parents: Int32Array.from(joints.map((j) => (j.parent === null ? -1 : names.indexOf(j.parent)))),
  deform: joints.map((j) => j.deform),
  leafTips: new Map(joints.flatMap((j, i) => (j.tip ? [[i, j.tip] as const] : []))),
};
const knee = names.indexOf('LeftLeg');

const full = median(`full fast rig, biped ${tris}`, RUNS, () => rigMesh(mesh, opts));
let state = prepareSkinState(mesh, 'fast', 0);
median(`prepareSkinState (once per mesh), ${tris}`, RUNS, () => (state = prepareSkinState(mesh, 'fast', 0)));
let step = 0;
const re = median(`reskin after a knee moves, ${tris}`, RUNS, () => {
  // A different knee height each run (a drag), so nothing is reused from the previous call.
  positions[knee * 3 + 1] = joints[knee].position[1] + 0.01 * (++step % 7);
  reskin(state, skeleton);
});
console.log(`reskin / full rig: ${((100 * re) / full).toFixed(0)}%`);
console.log('target: reskin median <= 150 ms at 20k triangles');
