/**
 * A bent leg's hip joint on its thigh's line (shared/rig/biped-thigh-line.ts): the synthetic adult biped's
 * volume, a thigh leaning forward from its true hip joint, the point found at the hip joint's height on the
 * line from the knee through the thigh; and the refusals (a thigh too short to give a direction, a point
 * outside the body).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { hipOnThighLine } from '../../../shared/rig/biped-thigh-line';
import type { Vec3 } from '../../../shared/rig/fit-common';
import { prepareSkinState } from '../../../shared/rig/skin-state';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import { stopAssimpWorker } from '../../../shared/mesh/assimp-convert';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readCorpusRig } from '../../eval/corpus-gltf';
import { corpusRoleNodes } from '../../eval/corpus-semantic';
import { heightOf } from '../../eval/metrics';
import * as THREE from 'three';

const c = syntheticCharacter('biped', { pose: 'T', accessories: false });
const { vol, norm } = prepareSkinState(c.mesh, 'fast', 0);
const H = vol.max[1] - vol.min[1];
const truth = (key: string): Vec3 => {
  const k = c.truth.keys.indexOf(key);
  return [0, 1, 2].map((a) => (c.truth.positions[3 * k + a] - norm.offset[a]) * norm.scale) as Vec3;
};

describe('hipOnThighLine', () => {
  const hip = truth('LeftUpLeg');
  // A knee 0.2 H below the hip joint and 0.1 H ahead of it; the path's thigh point halfway up.
  const knee: Vec3 = [hip[0], hip[1] - 0.2 * H, hip[2] + 0.1 * H];
  const mid: Vec3 = [hip[0], hip[1] - 0.1 * H, hip[2] + 0.05 * H];

  it('finds the hip joint on the line from the knee through the thigh', () => {
    const p = hipOnThighLine(vol, knee, mid, hip[1], H)!;
    expect(Math.hypot(p[0] - hip[0], p[1] - hip[1], p[2] - hip[2])).toBeLessThan(1e-9);
  });

  it('gives no answer from a thigh seen over less than 0.05 H', () => {
    expect(hipOnThighLine(vol, knee, [knee[0], knee[1] + 0.04 * H, knee[2] - 0.02 * H], hip[1], H)).toBeNull();
  });

  it('gives no answer where the line leaves the body', () => {
    // The same rise, leaning 0.5 H backwards over 0.1 H of height: the hip joint's height is reached far behind the back.
    expect(hipOnThighLine(vol, knee, [knee[0], knee[1] + 0.1 * H, knee[2] - 0.5 * H], hip[1], H)).toBeNull();
  });
});

afterAll(() => stopAssimpWorker());

describeWithCorpus('the Zombie\'s bent legs (Quaternius, holdout)', () => {
  // Its knees are bent and its thighs lean forward into a stooping trunk: on the leg path its hip joints
  // were 0.07 / 0.04 H from its artist's in the horizontal plane (fast and pro alike).
  it.each(['fast', 'pro'] as const)('puts both hip joints within 0.045 H of the artist\'s, front to back and side to side (%s)', async (engine) => {
    const gt = await readCorpusRig(corpusPath('characters/quaternius/Zombie.fbx'));
    const roles = corpusRoleNodes(gt);
    const rest = gt.restWorldOf();
    const height = heightOf(gt.positions);
    const r = rigMesh({ positions: gt.positions, indices: gt.indices, partOffsets: gt.partOffsets }, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    for (const [role, name] of [['left_upper_leg', 'LeftUpLeg'], ['right_upper_leg', 'RightUpLeg']]) {
      const t = new THREE.Vector3().setFromMatrixPosition(rest.get(roles.get(role)!)!);
      const p = r.report.joints.find((j) => j.name === name)!.position;
      expect(Math.hypot(p[0] - t.x, p[2] - t.z) / height, name).toBeLessThan(0.045);
    }
  }, 60_000);
});
