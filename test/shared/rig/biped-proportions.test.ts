/**
 * The hip-span and hip-height checks (biped-proportions.ts): an upright biped whose hip joints are fitted
 * wider apart than its shoulders, or about as high, is flagged; good fits and horizontal bipeds are not. A
 * spine fitted the wrong way round (the neck under the hips, a tail on the neck's side) is flagged on any
 * biped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { highHips, implausibleLimbSpan, invertedSpine } from '../../../shared/rig/biped-proportions';
import type { FitResult } from '../../../shared/rig/fit-common';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { bipedVariant } from '../../../shared/rig/synthetic/biped-variants';
import { characterFromBuild, syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { buildSweepRobot } from '../../../shared/rig/synthetic/robot-sweep';
import { heightOf } from '../../eval/metrics';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { corpusRoleNodes } from '../../eval/corpus-semantic';
import { armsFrame, armsOf, dominantJoints, lowering } from '../../eval/posed';

afterAll(() => stopAssimpWorker());

/** A fit of just the joints the check reads. */
function fitOf(joints: Record<string, readonly number[]>): { fit: FitResult; index: Map<string, number> } {
  const keys = Object.keys(joints);
  const fit = { keys, positions: new Float64Array(keys.flatMap((k) => joints[k])) } as unknown as FitResult;
  return { fit, index: new Map(keys.map((k, i) => [k, i])) };
}

describe('implausibleLimbSpan', () => {
  const upright = { Hips: [0, 0.5, 0], Neck: [0, 0.85, 0], LeftArm: [0.15, 0.8, 0], RightArm: [-0.15, 0.8, 0] } as const;
  it('passes hips narrower than the shoulders', () => {
    const { fit, index } = fitOf({ ...upright, LeftUpLeg: [0.09, 0.48, 0], RightUpLeg: [-0.09, 0.48, 0] });
    expect(implausibleLimbSpan(fit, index)).toBeNull();
  });
  it('flags hip joints wider apart than the shoulders (a lowered hand taken for a leg)', () => {
    const { fit, index } = fitOf({ ...upright, LeftUpLeg: [0.2, 0.48, 0], RightUpLeg: [-0.2, 0.48, 0] });
    expect(implausibleLimbSpan(fit, index)).toEqual(['LeftArm', 'RightArm', 'LeftUpLeg', 'RightUpLeg']);
  });
  it('leaves a tailed biped alone (a kaiju stands on wide hips)', () => {
    const { fit, index } = fitOf({ ...upright, LeftUpLeg: [0.25, 0.48, 0], RightUpLeg: [-0.25, 0.48, 0], Tail: [0, 0.5, -0.2] });
    expect(implausibleLimbSpan(fit, index)).toBeNull();
  });
  it('leaves a horizontal biped alone (a theropod is narrower at the shoulders)', () => {
    const { fit, index } = fitOf({ Hips: [0, 0.5, -0.2], Neck: [0, 0.6, 0.3], LeftArm: [0.05, 0.5, 0.25], RightArm: [-0.05, 0.5, 0.25], LeftUpLeg: [0.1, 0.45, -0.2], RightUpLeg: [-0.1, 0.45, -0.2] });
    expect(implausibleLimbSpan(fit, index)).toBeNull();
  });
});

describe('highHips', () => {
  const upright = { Hips: [0, 0.5, 0], Neck: [0, 0.85, 0], LeftArm: [0.15, 0.8, 0], RightArm: [-0.15, 0.8, 0] } as const;
  it('passes hip joints at an adult\'s 0.6 of the shoulders\' height', () => {
    const { fit, index } = fitOf({ ...upright, LeftUpLeg: [0.09, 0.48, 0], RightUpLeg: [-0.09, 0.48, 0] });
    expect(highHips(fit, index, 0)).toBeNull();
  });
  it('flags hip joints at the shoulders\' height (a hanging arm taken for a leg)', () => {
    const { fit, index } = fitOf({ ...upright, Hips: [0, 0.4, 0], LeftUpLeg: [0.15, 0.8, 0], RightUpLeg: [-0.15, 0.8, 0] });
    expect(highHips(fit, index, 0)).toEqual(['Hips', 'LeftUpLeg', 'RightUpLeg', 'LeftArm', 'RightArm']);
  });
  it('reads heights above the floor, not the origin', () => {
    const { fit, index } = fitOf({ ...upright, LeftUpLeg: [0.09, 0.48, 0], RightUpLeg: [-0.09, 0.48, 0] });
    // Floor at 0.3: hips 0.18 over shoulders 0.5 is 0.36, low but not high.
    expect(highHips(fit, index, 0.3)).toBeNull();
    expect(highHips(fit, index, -10)).toEqual(['Hips', 'LeftUpLeg', 'RightUpLeg', 'LeftArm', 'RightArm']);
  });
});

describe('invertedSpine', () => {
  const legs = { LeftArm: [0.15, 0.8, 0], RightArm: [-0.15, 0.8, 0], LeftUpLeg: [0.09, 0.48, 0], RightUpLeg: [-0.09, 0.48, 0] } as const;
  it('passes an upright spine, an upright kaiju\'s tail and a level theropod\'s', () => {
    const upright = fitOf({ ...legs, Hips: [0, 0.5, 0], Neck: [0, 0.85, 0] });
    expect(invertedSpine(upright.fit, upright.index)).toBeNull();
    const kaiju = fitOf({ ...legs, Hips: [0, 0.5, 0], Neck: [0, 0.85, 0.05], Tail: [0, 0.45, -0.1], Tail_End: [0, 0.1, -0.6] });
    expect(invertedSpine(kaiju.fit, kaiju.index)).toBeNull();
    const theropod = fitOf({ ...legs, Hips: [0, 0.5, -0.2], Neck: [0, 0.6, 0.3], Tail: [0, 0.5, -0.3], Tail_End: [0, 0.35, -0.9] });
    expect(invertedSpine(theropod.fit, theropod.index)).toBeNull();
  });
  it('flags a tailless spine that runs down from the hips to the neck', () => {
    const { fit, index } = fitOf({ ...legs, Hips: [0, 0.61, 0.1], Spine: [0, 0.6, 0], Neck: [0, 0.57, 0] });
    expect(invertedSpine(fit, index)).toEqual(['Hips', 'Spine', 'Neck']);
  });
  it('flags a tail on the neck\'s side of the hips (the hips read at the head\'s front)', () => {
    const { fit, index } = fitOf({ ...legs, Hips: [0, 0.63, 0.11], Neck: [0, 0.59, -0.01], Tail: [0, 0.72, 0], Tail_End: [0, 0.64, -0.19] });
    expect(invertedSpine(fit, index)).toEqual(['Hips', 'Neck', 'Tail']);
  });
  it('leaves other plans alone (no biped limb keys)', () => {
    const { fit, index } = fitOf({ Hips: [0, 0.6, 0], Neck: [0, 0.3, 0.3] });
    expect(invertedSpine(fit, index)).toBeNull();
  });
});

describe('a robot of rigid blocks whose pro fit read its spine the wrong way round', () => {
  // eval:rig-sweep --robots seed 30, a chibi of boxes: the pro grid took the back of its box head for a tail,
  // put the hips in front of it at 0.61 of the height, over shoulders at 0.57 (hip joints 30% of the height
  // off, 11.8% over all joints), and the report said only that the shoulders did not mirror; both fits then
  // failed one check, and the tie kept pro's own. Flagged, it fails two, and the fast grid's fit (hips within
  // 8%) is kept. Since session 31 the crotch no longer climbs to the head's base (biped-crotch.ts,
  // aboveBridges) and pro's own fit reads the spine upright (semantic error 2.5%); the check that flags an
  // inverted spine is held by invertedSpine's tests above.
  it('keeps the hips under the shoulders (pro)', () => {
    const c = characterFromBuild('robot-sweep-30', 'biped', buildSweepRobot(30), { accessories: false });
    const r = rigMesh(c.mesh, { rigType: 'biped', engine: 'pro', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const H = heightOf(c.mesh.positions);
    const y = (name: string): number => r.report.joints.find((j) => j.name === name)!.position[1];
    expect(y('LeftUpLeg')).toBeLessThan(y('LeftArm'));
    const t = c.truth.keys.indexOf('LeftUpLeg');
    const hip = r.report.joints.find((j) => j.name === 'LeftUpLeg')!.position;
    expect(Math.hypot(...hip.map((v, i) => v - c.truth.positions[t * 3 + i])) / H).toBeLessThan(0.1);
  });
});

describe('the rig report', () => {
  it.each(['T', 'A', 'I'] as const)('does not flag the synthetic %s-pose biped', (pose) => {
    const r = rigMesh(syntheticCharacter('biped', { pose }).mesh, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    expect(r.report.checks.map((c) => c.code)).not.toContain('proportions');
  });
  it.each(['horizontal', 'horizontal_tiny_arms', 'big_head', 'robe'] as const)('does not flag the synthetic %s biped', (v) => {
    for (const engine of ['fast', 'pro'] as const) {
      const r = rigMesh(bipedVariant(v).mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
      expect(r.report.checks.map((c) => c.code)).not.toContain('proportions');
    }
  });
});

/** A corpus character and its mesh with both arms lowered `deg` below horizontal by its own skeleton, as eval:rig-posed lowers them. */
async function withArmsLowered(file: string, deg: number) {
  const gt = await readCorpusRig(corpusPath(file));
  const rest = gt.restWorldOf();
  const arms = armsOf(gt, corpusRoleNodes(gt), rest, dominantJoints(gt));
  const posed = new Float32Array(gt.positions.length);
  gt.skinOf(armsFrame(gt, rest, arms.map((arm) => ({ arm, radians: lowering(arm, deg)! }))), posed);
  return { gt, posed };
}

describeWithCorpus('the rig report on a corpus character with its arms lowered', () => {
  // kenney-male-a's arms lowered to 70 degrees with its own skeleton (eval:rig-posed): the lowered arms
  // sink into its wide chest and the fit takes the wrong extremities for limbs, 12.8% of the height off, with
  // hip joints fitted wider apart than its shoulders. (kenney-female-a, used here before session 11, is now
  // repaired at 45 degrees by biped-feet.ts; kenney-female-e, used in sessions 11-12, has its hands found
  // by biped-hidden-hands.ts since session 13 and no longer fails this check.) At rest it is right and not
  // flagged.
  it('flags kenney-male-a with lowered arms, not at rest (fast)', async () => {
    const { gt, posed } = await withArmsLowered('characters/kenney-mini-characters/character-male-a.glb', 70);
    const codes = (positions: Float32Array): string[] =>
      rigMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'fast', fingers: false, rotationY: 0, boneNaming: 'mixamo' }).report.checks.map((c) => c.code);
    expect(codes(posed)).toContain('proportions');
    expect(codes(gt.positions)).not.toContain('proportions');
  }, 60_000);
});

describeWithCorpus('the rig report on a corpus character whose crotch sags (shortThighs)', () => {
  // The Quaternius Zombie's torn trousers part at 0.46 of its height, its artist's hip joints stand at 0.55:
  // the fit's hips are 8-10% of the height low, 3.65% over all joints, and said `ok` before session 17.
  // Human-male stands straight in fitted clothes: its thighs are 0.97 of its shins and nothing is said.
  const thighCheck = async (file: string, engine: 'fast' | 'pro'): Promise<string[]> => {
    const gt = await readCorpusRig(corpusPath(file));
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    return r.report.checks.filter((c) => /thigh/.test(c.message)).flatMap((c) => c.joints);
  };
  it.each(['fast', 'pro'] as const)('doubts the Zombie\'s hips, not human-male\'s (%s)', async (engine) => {
    expect(await thighCheck('characters/quaternius/Zombie.fbx', engine)).toEqual(expect.arrayContaining(['Hips', 'LeftUpLeg']));
    expect(await thighCheck('characters/mesh2motion/rigged/human-male.glb', engine)).toEqual([]);
  }, 60_000);
});

describeWithCorpus('the rig report on a corpus chibi whose hanging arms were taken for its legs (highHips)', () => {
  // kenney-female-a's arms lowered to 70 degrees with its own skeleton (eval:rig-posed): the pro fit puts
  // the hip joints on the shoulders (its legs chained down the hanging arms), 5.9% of the height off, and
  // said `ok` before this check. At rest it is right and not flagged.
  it('flags kenney-female-a with lowered arms (pro), not at rest', async () => {
    const { gt, posed } = await withArmsLowered('characters/kenney-mini-characters/character-female-a.glb', 70);
    const report = (positions: Float32Array) =>
      rigMesh({ positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine: 'pro', fingers: false, rotationY: 0, boneNaming: 'mixamo' }).report;
    const lowered = report(posed);
    expect(lowered.checks.some((c) => c.code === 'proportions' && /higher than/.test(c.message))).toBe(true);
    expect(lowered.verdict).not.toBe('ok');
    expect(report(gt.positions).checks.map((c) => c.code)).not.toContain('proportions');
  }, 60_000);
});
