import { readCorpusRig } from './corpus-gltf';
import { rigMesh } from '../../shared/rig/rig-mesh';
const gt = await readCorpusRig(process.argv[2]);
const t = performance.now();
const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: (process.argv[3] ?? 'pro') as any, fingers: false, rotationY: 0, boneNaming: 'mixamo', onProgress: (s) => console.log(s, (performance.now()-t).toFixed(0), process.memoryUsage().rss/1e6|0) });
console.log(r.report.timings);
