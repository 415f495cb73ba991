/**
 * Pro: limb joints centred in their cross-sections (the medial path of a coarse grid wanders by a voxel),
 * except the arm joints that were placed from the body's outline (hanging or lowered arms), where the
 * section across the arm holds the torso or the hip too.
 */
import type { Volume } from './volume';
import type { JointSet } from './fit-common';
import { centreInSection, normalise, sub3 } from './fit-common';

/** `lowered`: the sides whose arm was repaired from its outline part way down (biped-lowered-arm.ts). */
export function refineJoints(vol: Volume, js: JointSet, lowered: ReadonlySet<string>): void {
  // A hanging arm placed from the body's outline is already on its column's axis; where it touches the
  // body the section across it holds the torso too, and centring in it pulled the synthetic robe's elbow
  // and wrist into the chest (pro: hand 10% of the height off).
  const fromOutline = new Set(js.doubts.filter((d) => d.code === 'arms_down').flatMap((d) => d.joints));
  const limbs: [string, string, string][] = [];
  for (const S of ['Left', 'Right']) {
    if (!fromOutline.has(`${S}ForeArm`) && !lowered.has(S)) limbs.push([`${S}ForeArm`, `${S}Arm`, `${S}Hand`], [`${S}Hand`, `${S}ForeArm`, `${S}Hand`]);
    limbs.push([`${S}Leg`, `${S}UpLeg`, `${S}Foot`]);
  }
  const r = 0.15 * (vol.max[1] - vol.min[1]);
  for (const [key, prev, next] of limbs) {
    const dir = normalise(sub3(js.get(next), js.get(prev)));
    js.set(key, centreInSection(vol, js.get(key), dir, r));
  }
}
