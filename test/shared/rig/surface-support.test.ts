import { describe, expect, it } from 'vitest';
import { rigMesh } from '../../../shared/rig/rig-mesh';
import type { RigEngine } from '../../../shared/rig/types';
import { bipedBody, REALISTIC } from '../../../shared/rig/synthetic/biped-body';
import { characterFromBuild } from '../../../shared/rig/synthetic/characters';
import { capsule } from '../../../shared/rig/synthetic/shapes';
import type { MeshPiece } from '../../../shared/rig/synthetic/shapes';

/**
 * Arms hanging straight down (88 degrees) with the hands pressed against the thighs, each arm one tube from
 * the shoulder to the finger tip that is one island with its thigh (a triangle joins the two, as the
 * Quaternius Alien's sides run from the shoulder to the foot). The voxel volume fuses hand and thigh, so
 * the geodesic binding gave the hand a third of its weight on the legs and hips (fast 34%, pro 42%); along
 * the surface the hand belongs to the forearm, and that weight is a detached piece of the thigh's
 * influence (surface-support.ts).
 */
function handsOnThighs() {
  const body = bipedBody({ ...REALISTIC, armDownDeg: 88 });
  const tubes: Record<string, number> = {};
  for (const S of ['Left', 'Right']) {
    const take = (name: string): MeshPiece => body.pieces.splice(body.pieces.findIndex(([n]) => n === name), 1)[0][1];
    for (const p of ['upperarm', 'forearm', 'hand']) take(`${S}_${p}`);
    const tube = capsule(body.joints[`${S}Arm`], body.tips[`${S}Hand`], REALISTIC.armR, REALISTIC.handR, 14, 5, 16);
    const thigh = take(`${S}_thigh`);
    const off = tube.positions.length / 3;
    tubes[S] = off;
    body.pieces.push([`${S}_side`, { positions: [...tube.positions, ...thigh.positions], indices: [...tube.indices, ...thigh.indices.map((i) => i + off), 0, off, 1] }]);
  }
  const c = characterFromBuild('hands_on_thighs', 'biped', body, { accessories: false });
  return { c, body, tubes };
}

describe('weights that reach a hand only across its contact with a thigh', () => {
  const { c, body, tubes } = handsOnThighs();
  const P = c.mesh.positions;
  it.each(['fast', 'pro'] as RigEngine[])('go to the arm, not the thigh (%s)', (engine) => {
    const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const names = r.skeleton.names;
    for (const S of ['Left', 'Right']) {
      const part = c.partNames.indexOf(`${S}_side`);
      const v0 = c.mesh.partOffsets[part];
      const wrist = body.joints[`${S}Hand`];
      let leg = 0, arm = 0, n = 0;
      // The tube's vertices below the wrist: the hand.
      for (let v = v0; v < v0 + tubes[S]; v++) {
        if (P[v * 3 + 1] > wrist[1]) continue;
        n++;
        for (let k = 0; k < 4; k++) {
          const name = names[r.joints[v * 4 + k]];
          const w = r.weights[v * 4 + k];
          if (/UpLeg|Hips|Leg$/.test(name)) leg += w;
          if (name === `${S}Hand` || name === `${S}ForeArm`) arm += w;
        }
      }
      expect(n).toBeGreaterThan(50);
      expect(leg / n, `${S} hand's weight on the legs and hips`).toBeLessThan(0.05);
      expect(arm / n, `${S} hand's weight on its hand and forearm`).toBeGreaterThan(0.9);
    }
  });
});

/**
 * The synthetic body's pieces are separate islands (capsules). With the arms hanging 88 degrees down, the
 * forearms and hands hang against the pelvis capsule, and the binding gave the pelvis a third of its weight
 * on arm bones (fast 35%, pro 39%). Each arm bone holds a small share of the pelvis and the bone nearest the
 * pelvis is the hips: the arms' weight there is a visitor (surface-support.ts, rule 2).
 */
describe('a bone visiting another island', () => {
  it.each(['fast', 'pro'] as RigEngine[])('loses its weight there when it is far from the bone nearest the island (%s)', (engine) => {
    const body = bipedBody({ ...REALISTIC, armDownDeg: 88 });
    const c = characterFromBuild('arms_down_88', 'biped', body, { accessories: false });
    const r = rigMesh(c.mesh, { rigType: 'biped', engine, fingers: false, rotationY: 0, boneNaming: 'mixamo' });
    const part = c.partNames.indexOf('pelvis');
    const v0 = c.mesh.partOffsets[part], v1 = c.mesh.partOffsets[part + 1];
    let arm = 0;
    for (let v = v0; v < v1; v++)
      for (let k = 0; k < 4; k++) if (/Arm|Hand|Shoulder/.test(r.skeleton.names[r.joints[v * 4 + k]])) arm += r.weights[v * 4 + k];
    expect(arm / (v1 - v0), "the pelvis's weight on arm bones").toBeLessThan(0.02);
  });
});
