import { readCorpusRig } from '/work/wt/rig/test/eval/corpus-gltf';
const r = await readCorpusRig(process.argv[2]);
console.log(r.positions.length/3, r.indices.length/3, r.partOffsets.length-1, r.joints.map(j=>j.name).join(' '), r.clips.length);
