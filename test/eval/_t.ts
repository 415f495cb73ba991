import { syntheticCharacter } from '/work/wt/rig/shared/rig/synthetic/characters';
import { rigMesh } from '/work/wt/rig/shared/rig/rig-mesh';
const c = syntheticCharacter(process.argv[2] as any, {});
const r = rigMesh(c.mesh, { rigType: process.argv[2] as any, engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
console.log(r.report.timings, c.mesh.indices.length/3);
