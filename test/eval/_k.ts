import { readCorpusRig } from './corpus-gltf';
import { rigMesh } from '../../shared/rig/rig-mesh';
import { corpusRole } from './roles';
import * as THREE from 'three';
const gt = await readCorpusRig(process.argv[2]);
const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: (process.argv[3] ?? 'fast') as any, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
const rest = gt.restWorldOf();
for (const j of r.report.joints) {
  const g = gt.joints.find(q => corpusRole(q.name) === j.role);
  const gp = g ? new THREE.Vector3().setFromMatrixPosition(rest.get(g.node)!).toArray() : null;
  console.log(j.name.padEnd(14), j.position.map(v => v.toFixed(3)).join(','), gp ? `gt ${g!.name} ${gp.map(v => v.toFixed(3)).join(',')}` : '');
}
console.log(r.report.warnings);
let lo=[1e9,1e9,1e9], hi=[-1e9,-1e9,-1e9]; for (let i=0;i<gt.positions.length;i+=3) for (let a=0;a<3;a++){lo[a]=Math.min(lo[a],gt.positions[i+a]);hi[a]=Math.max(hi[a],gt.positions[i+a]);} console.log(lo, hi);
