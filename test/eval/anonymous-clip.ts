/**
 * A clip file with every bone renamed `joint0`..`jointN` (names say nothing; order, rest pose, mesh,
 * weights and keys unchanged), written as GLB: `eval:retarget --anonymous` measures how far structure
 * alone carries each corpus character's own clips.
 */
import { readModel } from '../../shared/mesh/read-model';
import { writeGlb } from '../../shared/mesh/write-glb';

export async function anonymousClipFile(bytes: Uint8Array, filename: string): Promise<Uint8Array> {
  const { model } = await readModel(bytes, filename);
  const skel = model.skeleton;
  if (!skel) throw new Error(`anonymous-clip: ${filename} has no skeleton`);
  const rename = new Map(skel.names.map((n, i) => [n, `joint${i}`]));
  const clips = model.clips.map((c) => ({ ...c, tracks: c.tracks.filter((t) => rename.has(t.joint)).map((t) => ({ ...t, joint: rename.get(t.joint)! })) }));
  return writeGlb({ ...model, skeleton: { ...skel, names: skel.names.map((n) => rename.get(n)!), roles: undefined }, clips });
}
