/**
 * The free pre-check on real chibis: Kenney's big boots put a toe and a heel on the floor for each foot, and
 * the pre-check must still count two feet and suggest a biped facing +Z (it counted four and suggested a
 * quadruped, or 'others', for three of the twelve; one turned by -90). KayKit's Knight and Mage: a cape's or a
 * robe's corners are no feet.
 */
import { afterAll, expect, it } from 'vitest';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { precheckMesh } from '../../../shared/rig/precheck';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';

afterAll(() => stopAssimpWorker());

describeWithCorpus('precheckMesh on the Kenney chibis', () => {
  it.each(['male-a', 'male-d', 'male-e', 'male-f'])('character-%s: a biped facing +Z', async (name) => {
    const gt = await readCorpusRig(corpusPath(`characters/kenney-mini-characters/character-${name}.glb`));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('biped');
    expect(r.suggestedRotationY).toBe(0);
  });

  // female-a's tips are one foot's heel and the other's toe: too little reach to tell a front, and no wrong turn.
  it('character-female-a: a biped, never turned', async () => {
    const gt = await readCorpusRig(corpusPath('characters/kenney-mini-characters/character-female-a.glb'));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('biped');
    expect([0, null]).toContain(r.suggestedRotationY);
  });
});

describeWithCorpus('precheckMesh on caped and robed characters', () => {
  // The cape's and the robe's corners hang 3-8% of the height above the floor behind the feet; counted as
  // feet they made both quadrupeds (and turned the Knight by 180).
  it.each(['Knight', 'Mage'])('KayKit %s: a biped facing +Z', async (name) => {
    const gt = await readCorpusRig(corpusPath(`characters/kaykit/${name}.glb`));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('biped');
    expect(r.suggestedRotationY).toBe(0);
  });
});

describeWithCorpus('facing of bipeds with blob feet', () => {
  // The Quaternius Alien and Goblin face +Z on short rounded feet whose tips lie behind the ankle: the rig
  // report and the pre-check told both to turn by 180 (facing.ts, MIN_TOE_REACH).
  it.each(['Alien', 'Goblin'])('Quaternius %s: no suggestion to turn it round, in the pre-check or the rig report', async (name) => {
    const gt = await readCorpusRig(corpusPath(`characters/quaternius/${name}.fbx`));
    const mesh = { positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets };
    const r = precheckMesh(mesh);
    expect(r.suggestedRigType).toBe('biped');
    expect([0, null]).toContain(r.suggestedRotationY);
    expect(r.warnings.map((w) => w.code)).not.toContain('facing');
    const rig = rigMesh(mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    expect(rig.report.warnings.join(' ')).not.toMatch(/seems to face/);
  });
});

describeWithCorpus('arm pose of characters with hanging arms', () => {
  // Their outermost side tips are elbows, hips or knuckles 0.025-0.065 H out of the torso (biped-pose.ts):
  // read as angles they gave pose unknown (-66 to -30 degrees) or, for the Alien, a T pose.
  it.each(['Female_Dress', 'Animated_Woman', 'Robot', 'Alien'])('Quaternius %s: arms_down', async (name) => {
    const gt = await readCorpusRig(corpusPath(`characters/quaternius/${name}.fbx`));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.pose).toBe('arms_down');
  });
  it.each(['Knight', 'Barbarian'])('KayKit %s: still a T pose', async (name) => {
    const gt = await readCorpusRig(corpusPath(`characters/kaykit/${name}.glb`));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.pose).toBe('t_pose');
  });
});

describeWithCorpus('plan of an odd body', () => {
  // The Slime's side lobes reach 1.5 body radii out; wings reach 4.4 or more (plan-scores.ts): it was an avian.
  it('Quaternius Slime: others', async () => {
    const gt = await readCorpusRig(corpusPath('characters/quaternius/Slime.fbx'));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('others');
  });
});

describeWithCorpus('plan of winged bodies', () => {
  // Their wings are sheets in section (width / thickness 3.6-10.1; arms reaching as far 1.0-1.4): the Quaternius
  // Dragon stands upright on two legs and the Eagle on its swept-down wing tips, both bipeds by layout; the
  // Mesh2Motion dragon stands on four legs ('others', for the foot count). All three were wrong.
  it.each([
    ['characters/quaternius/Dragon.fbx', 0],
    ['animations/mesh2motion/dragon-animations.glb', 0],
    // Its head (thick) is at -Z and its flat tail fan at +Z: turned by 180.
    ['characters/quaternius/Eagle.fbx', 180],
  ] as const)('%s: avian, rotation_y %i', async (file, rot) => {
    const gt = await readCorpusRig(corpusPath(file));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('avian');
    expect(r.suggestedRotationY).toBe(rot);
  });
});

describeWithCorpus('facing of quadrupeds', () => {
  // The Pig's curled tail stands above its lowered snout: the highest extremity was taken for the head (180).
  it('Quaternius Pig: a quadruped facing +Z, its thick head told from its thin tail', async () => {
    const gt = await readCorpusRig(corpusPath('characters/quaternius/Pig.fbx'));
    const r = precheckMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets });
    expect(r.suggestedRigType).toBe('quadruped');
    expect(r.suggestedRotationY).toBe(0);
  });
});
