/**
 * assimp gives a bone whose name a mesh object also has (the Quaternius Robot's bone `Torso`, parented to
 * bone `Body`, and its mesh `Torso`) the name `<name>_node`, and leaves the bone's animation channel on the
 * mesh's node: the torso plate then turned 97 degrees away in every frame, 20% of the height in the Idle
 * clip, where Blender 3.4's import of the same file moves it 0.0%. The tracks go back to the bone (only
 * when the renamed bone has no track of its own). `sameNamedBones`: names that two bones of the file carry
 * (assimp-duplicate-bones.ts): there `<name>_node` is the other bone, not this one renamed, and each keeps
 * its own tracks (the Quaternius Goblin's face armature would otherwise take the body's root motion).
 */
import type { SceneModel } from './model';

export function returnTracksToRenamedBones(model: SceneModel, sameNamedBones: ReadonlySet<string> = new Set()): number {
  const names = model.skeleton?.names;
  if (!names) return 0;
  const renamed = new Map(names.filter((n) => names.includes(`${n}_node`) && !sameNamedBones.has(n)).map((n) => [n, `${n}_node`]));
  if (renamed.size === 0) return 0;
  let moved = 0;
  for (const clip of model.clips) {
    const own = new Set(clip.tracks.map((t) => t.joint));
    for (const t of clip.tracks) {
      const to = renamed.get(t.joint);
      if (to && !own.has(to)) {
        t.joint = to;
        moved++;
      }
    }
  }
  return moved;
}
