import { readCorpusRig } from './corpus-gltf';
const gt = await readCorpusRig(process.argv[2]);
for (let p = 0; p < gt.partOffsets.length - 1; p++) {
  let lo=[1e9,1e9,1e9], hi=[-1e9,-1e9,-1e9];
  for (let v = gt.partOffsets[p]; v < gt.partOffsets[p+1]; v++) for (let a=0;a<3;a++){lo[a]=Math.min(lo[a],gt.positions[v*3+a]);hi[a]=Math.max(hi[a],gt.positions[v*3+a]);}
  console.log(p, gt.partOffsets[p+1]-gt.partOffsets[p], lo.map(x=>x.toFixed(2)).join(','), hi.map(x=>x.toFixed(2)).join(','));
}
