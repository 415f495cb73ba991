import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { chamferJ2J, longestSide } from '../../test/eval/metrics';
import { RIG_TYPES } from '../../shared/rig/types';
const plans = process.argv[2] ? process.argv[2].split(',') : RIG_TYPES;
const engine = (process.argv[3] ?? 'fast') as 'fast';
for (const plan of plans as any[]) {
  for (const pose of ['T','A'] as const) {
    const c = syntheticCharacter(plan, { pose });
    const t = performance.now();
    const r = rigMesh(c.mesh, { rigType: plan, engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const pred = new Float64Array(r.report.joints.flatMap(j => j.position));
    const L = longestSide(c.mesh.positions);
    const cd = chamferJ2J(pred, c.truth.positions) / L;
    console.log(plan, pose, 'CD-J2J', (cd*100).toFixed(2)+'%', 'ms', (performance.now()-t).toFixed(0), r.report.warnings.join(' | '));
    if (process.env.DETAIL) for (const [k, j] of r.report.joints.entries()) {
      const ti = c.truth.keys.indexOf(j.name);
      const tp = ti >= 0 ? [...c.truth.positions.subarray(ti*3, ti*3+3)] : null;
      console.log('  ', j.name.padEnd(16), j.position.map(v=>v.toFixed(3)).join(','), tp ? ' gt ' + tp.map(v=>v.toFixed(3)).join(',') + ' err ' + (Math.hypot(j.position[0]-tp[0], j.position[1]-tp[1], j.position[2]-tp[2])/L*100).toFixed(1)+'%' : '');
    }
  }
}
