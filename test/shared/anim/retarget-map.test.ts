/**
 * Joint correspondence by names (shared/anim/retarget-map.ts): a target whose root is an armature bone
 * with no role (above the hips, as artists' rigs have) takes the clip's own root by names rather than
 * falling back to structure; a target with no roles at all is mapped by structure.
 */
import { describe, expect, it } from 'vitest';
import { builtinClips } from '../../../shared/anim/library';
import { retargetClip } from '../../../shared/anim/retarget';
import { matchJoints } from '../../../shared/anim/retarget-map';
import { templateSkeleton } from '../../../shared/anim/template-skeleton';
import { REST_STRIDE, type Skeleton } from '../../../shared/rig/skeleton';
import { renameShuffled } from '../../support/rename-skeleton';

/** The template under a new root joint `name` at the floor below its hips (no role; roles kept when asked). */
function underRoot(name: string, keepRoles: boolean): Skeleton {
  const t = templateSkeleton('biped');
  const restLocal = new Float32Array((t.names.length + 1) * REST_STRIDE);
  restLocal.set([0, 0, 0, 0, 0, 0, 1, 1, 1, 1], 0);
  restLocal.set(t.restLocal, REST_STRIDE);
  // The hips' translation now relative to the root on the floor: unchanged (the root sits at the origin).
  return {
    names: [name, ...t.names],
    parents: Int32Array.from([-1, ...Array.from(t.parents, (p) => p + 1)]),
    restLocal,
    ...(keepRoles ? { roles: ['', ...t.roles!] } : {}),
  };
}

describe('names mapping onto a target root without a role', () => {
  it("takes the clip's root (the top of the joints names matched) and stays mapped by names", () => {
    const walk = builtinClips('biped').find((c) => c.clip.name === 'walk')!.clip;
    const out = retargetClip({ skeleton: underRoot('SceneRoot', false), clip: walk }, underRoot('Armature', true));
    expect(out.mappedBy).toBe('names');
    expect(out.mapping.Armature).toBe('SceneRoot');
    expect(out.mapping.Hips).toBe('Hips');
  });

  it('a target with no roles at all (an artist rig named Bone.NNN) maps by structure, each joint onto itself', () => {
    const builtin = builtinClips('avian').find((c) => c.clip.name === 'flap') ?? builtinClips('avian')[0];
    const skel = templateSkeleton('avian');
    const src = renameShuffled(skel, builtin.clip, (i) => `joint${i}`, 5);
    const tgt = renameShuffled(skel, builtin.clip, (i) => (i ? `Bone.${String(i).padStart(3, '0')}` : 'Bone'), 9);
    const out = retargetClip({ skeleton: src.skeleton, clip: src.clip }, tgt.skeleton);
    expect(out.mappedBy).toBe('structure');
    for (const [k, role] of skel.names.map((n, i) => [n, skel.roles![i]] as const)) if (!/_end$/.test(role)) expect(out.mapping[tgt.newName.get(k)!], k).toBe(src.newName.get(k));
  });

  it("a role split over two joints (KayKit wrist.l -> hand.l): the deeper one turns the target's hand, unless it drives a joint of its own", () => {
    // Source: the template with LeftHand named `wrist.l` and a `hand.l` below it (both say "hand").
    const t = templateSkeleton('biped');
    const wrist = t.names.indexOf('LeftHand');
    const withChild = (names: string[], roles?: string[]): Skeleton => ({
      names: [...names, 'hand.l'],
      parents: Int32Array.from([...t.parents, wrist]),
      restLocal: Float32Array.from([...t.restLocal, 0, 0.05, 0, 0, 0, 0, 1, 1, 1, 1]),
      ...(roles ? { roles } : {}),
    });
    const src = withChild(t.names.map((n) => (n === 'LeftHand' ? 'wrist.l' : n)));
    const hand = src.names.indexOf('hand.l');
    // Onto a Rigdesk rig (one hand joint): its rotation from hand.l, the joint the KayKit clips key.
    const onRig = matchJoints(src, t, 0.5, 'x');
    expect(onRig.map[wrist]).toBe(wrist);
    expect(onRig.rotationSource[wrist]).toBe(hand);
    // Onto a skeleton that has both (the artist's own): hand.l drives its own joint, the wrist turns as the wrist.
    const own = withChild(t.names, [...t.roles!, '']);
    const onOwn = matchJoints(src, own, 0.5, 'x');
    expect(onOwn.map[own.names.indexOf('hand.l')]).toBe(hand);
    expect(onOwn.rotationSource[wrist]).toBe(wrist);
  });
});
