/**
 * Structural retargeting onto a corpus character's own artist skeleton (test/eval/artist-target.ts: its
 * bones renamed `Bone.NNN` and shuffled, roles only from its names), from its own clip file with every
 * bone renamed `jointN` and shuffled: the true correspondence is known, so every joint the mapper drives
 * must be driven by its own bone. What it rests on (structural-map.ts): the target's chains are found as
 * the clip's are (IK feet on the root continue the legs; a branch of finger-short chains is one hand), the
 * chain conflicts are counted about each side's own hub, and a target root above its hub is the clip's root.
 * Each of these failed before: Quaternius' feet were taken for two more limbs and the trunk shifted one
 * joint (Alien, Female_Dress, Goblin), the Robot's palms made 8 hands and it was refused, and KayKit's
 * root on the floor was driven by the hips.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { retargetJobClips } from '../../../electron/workers/operations/retarget-clips';
import { artistTarget } from '../../eval/artist-target';
import { anonymousClipFile } from '../../eval/anonymous-clip';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

async function ownSkeletonMapping(rel: string, clipName: RegExp, anonymous = true): Promise<{ right: string[]; wrong: string[]; unmapped: string[] }> {
  const file = corpusPath(rel);
  const target = await artistTarget(file, 15);
  const raw = new Uint8Array(readFileSync(file));
  const anon = anonymous ? await anonymousClipFile(raw, path.basename(file)) : { bytes: raw, newName: new Map<string, string>() };
  const back = new Map([...anon.newName].map(([o, n]) => [n, o]));
  const { readModel } = await import('../../../shared/mesh/read-model');
  const { model } = await readModel(new Uint8Array(readFileSync(file)), path.basename(file));
  const name = model.clips.find((c) => clipName.test(c.name))!.name;
  const out = await retargetJobClips([{ field: 'animation_url', sha256: 'x', filename: anonymous ? 'anonymous.glb' : path.basename(file), clip_name: name }], target.skeleton, () => anon.bytes);
  if (anonymous) expect(out.mappedBy[name]).toBe('structure');
  const mapping = out.mappings[name];
  const right: string[] = [], wrong: string[] = [], unmapped: string[] = [];
  target.skeleton.names.forEach((t, k) => {
    if (/_end$/.test(target.skeleton.roles![k])) return;
    const own = target.originalName[k];
    if (mapping[t] === undefined) unmapped.push(own);
    else if ((back.get(mapping[t]) ?? mapping[t]) === own) right.push(own);
    else wrong.push(`${own}<-${back.get(mapping[t]) ?? mapping[t]}`);
  });
  return { right, wrong, unmapped };
}

const LIMBS = ['Hips', 'Head', 'UpperArm.L', 'LowerArm.L', 'UpperArm.R', 'LowerArm.R', 'UpperLeg.L', 'LowerLeg.L', 'Foot.L', 'UpperLeg.R', 'LowerLeg.R', 'Foot.R'];

describeWithCorpus('clips onto their own skeleton, both renamed and shuffled', () => {
  for (const [rel, clip] of [
    ['characters/quaternius/Alien.fbx', /Alien_Run$/],
    ['characters/quaternius/Female_Dress.fbx', /Female_Walk$/],
    ['characters/quaternius/Goblin.fbx', /Goblin_Run$/],
    ['characters/quaternius/Robot.fbx', /Robot_Running$/],
  ] as const)
    it(`${path.basename(rel)}: no joint driven by another bone; trunk, head, arms, legs and IK feet by their own`, async () => {
      const m = await ownSkeletonMapping(rel, clip);
      expect(m.wrong).toEqual([]);
      for (const j of ['Bone', 'Body', ...LIMBS]) expect(m.right, j).toContain(j);
    }, 60_000);

  it('KayKit Knight: the root bone on the floor is driven by the clip root, not the hips; every joint by its own', async () => {
    const m = await ownSkeletonMapping('characters/kaykit/Knight.glb', /^Running_A$/);
    expect(m.wrong).toEqual([]);
    expect(m.unmapped).toEqual([]);
    expect(m.right).toContain('root');
  }, 60_000);

  // With their own names: names match a few joints (a Kenney `torso` and `leg-left` are no alias's, a
  // KayKit `hand.l` hangs under `wrist.l` with the same role); structure, which agrees with names on every
  // joint names matched, drives all of them.
  for (const [rel, clip] of [['characters/kenney-mini-characters/character-male-a.glb', /^sprint$/], ['characters/kaykit-animated-character/KayKit_AnimatedCharacter_v1.2.glb', /^Run$/], ['characters/kaykit/Mage.glb', /^Running_A$/]] as const)
    it(`${path.basename(rel)} with its own names: every joint driven by its own bone`, async () => {
      const m = await ownSkeletonMapping(rel, clip, false);
      expect(m.wrong).toEqual([]);
      expect(m.unmapped).toEqual([]);
    }, 60_000);
});
