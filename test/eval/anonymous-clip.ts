/**
 * A clip file with every bone renamed `joint0`..`jointN` and listed in a shuffled order that keeps
 * parents first (names and order say nothing; rest pose, mesh, weights and keys unchanged), written as
 * GLB: `eval:retarget --anonymous` measures how far structure alone carries each corpus character's own
 * clips. `newName` gives each original bone's new name (the true correspondence, for checking a mapping).
 */
import { readModel } from '../../shared/mesh/read-model';
import { writeGlb } from '../../shared/mesh/write-glb';
import { renameShuffled } from '../support/rename-skeleton';

export async function anonymousClipFile(bytes: Uint8Array, filename: string, seed = 15): Promise<{ bytes: Uint8Array; newName: Map<string, string> }> {
  const { model } = await readModel(bytes, filename);
  const skel = model.skeleton;
  if (!skel) throw new Error(`anonymous-clip: ${filename} has no skeleton`);
  const { skeleton, order, newName } = renameShuffled({ ...skel, roles: undefined }, { name: '', duration: 0, tracks: [] }, (i) => `joint${i}`, seed);
  const newIndex = new Int32Array(order.length);
  order.forEach((old, i) => { newIndex[old] = i; });
  const parts = model.parts.map((p) => (p.skinJoints ? { ...p, skinJoints: p.skinJoints.map((j) => (j < order.length ? newIndex[j] : j)) } : p));
  const clips = model.clips.map((c) => ({ ...c, tracks: c.tracks.filter((t) => newName.has(t.joint)).map((t) => ({ ...t, joint: newName.get(t.joint)! })) }));
  return { bytes: await writeGlb({ ...model, parts, skeleton, clips }), newName };
}
