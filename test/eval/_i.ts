import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { rigMesh } from '../../shared/rig/rig-mesh';
const c = syntheticCharacter('biped', { pose: 'I', accessories: false });
const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
const t = Object.keys(c.truth.keys);
for (const j of r.report.joints) { const i = c.truth.keys.indexOf(j.name); console.log(j.name.padEnd(14), j.position.map(v=>v.toFixed(3)).join(','), i>=0? Array.from(c.truth.positions.subarray(i*3,i*3+3)).map(v=>v.toFixed(3)).join(','):''); }
console.log(r.report.warnings);
