import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { rigMesh } from '../../shared/rig/rig-mesh';
const c = syntheticCharacter('biped', { pose: 'A' });
const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
const p = c.partNames.indexOf('backpack'); const acc: Record<string, number> = {};
for (let v = c.mesh.partOffsets[p]; v < c.mesh.partOffsets[p+1]; v++) for (let k=0;k<4;k++) { const n = r.skeleton.names[r.joints[v*4+k]]; acc[n] = (acc[n]??0) + r.weights[v*4+k]; }
console.log(acc, c.mesh.partOffsets[p+1]-c.mesh.partOffsets[p]);
