/**
 * A winged six-legged insect (a wasp's build): head, thorax and a stalked abdomen as three segments joined
 * by narrow waists, two pairs of wings spread out sideways above the thorax, and six legs of femur (up to
 * the knee), tibia (down) and tarsus (along the ground), the body held above the ground. The truth follows
 * the hexapod template (wings have no joints in it); what it tests is that the fit takes the six legs, not
 * the wings, which reach further out to the sides than the legs do.
 */
import type { PlanBuild } from './characters';
import { capsule, sphere } from './shapes';
import { lerp } from './plans';

type V3 = [number, number, number];

/** `wingReach`: how far out the forewings' tips reach (the legs reach 0.44; the hind wings 0.8 of it). */
export function buildInsect(wingReach = 0.62, antennae = 0): PlanBuild {
  const b: PlanBuild = { joints: {}, parents: {}, pieces: [], accessories: [] };
  const add = (key: string, parent: string | null, p: V3): void => {
    b.joints[key] = p;
    b.parents[key] = parent;
  };
  const bodyY = 0.26;
  const zs = [0.1, 0.02, -0.06];
  for (const [S, sx] of [['Left', 1], ['Right', -1]] as const)
    zs.forEach((z, i) => {
      const p = `${S}Leg${i + 1}`;
      const root: V3 = [sx * 0.06, bodyY - 0.03, z];
      const knee: V3 = [sx * 0.22, bodyY + 0.02, z + (1 - i) * 0.1];
      const ankle: V3 = [sx * 0.34, 0.04, z + (1 - i) * 0.18];
      const tip: V3 = [sx * 0.44, 0.015, z + (1 - i) * 0.24];
      add(`${p}Hip`, 'Body', root);
      add(`${p}Knee`, `${p}Hip`, knee);
      add(`${p}Ankle`, `${p}Knee`, ankle);
      add(`${p}_End`, `${p}Ankle`, lerp(ankle, tip, 0.98));
      b.pieces.push([`${p}_femur`, capsule([sx * 0.02, bodyY - 0.03, z], knee, 0.022, 0.018)], [`${p}_tibia`, capsule(knee, ankle, 0.018, 0.012)], [`${p}_tarsus`, capsule(ankle, tip, 0.012, 0.008)]);
    });
  // Wings: thin, spread sideways and a little back from the thorax's top, reaching past the legs.
  for (const sx of [1, -1])
    for (const [z0, reach, back] of [[0.06, wingReach, -0.1], [-0.02, 0.8 * wingReach, -0.16]] as const)
      b.pieces.push([`wing${sx}${z0}`, capsule([sx * 0.04, bodyY + 0.07, z0], [sx * reach, bodyY + 0.14, z0 + back], 0.03, 0.012)]);
  const body: V3 = [0, bodyY - 0.03, 0.02];
  const headEnd: V3 = [0, bodyY + 0.02, 0.34];
  const abdEnd: V3 = [0, bodyY - 0.02, -0.62];
  b.joints = { Body: body, Head: lerp(body, headEnd, 0.55), Head_End: headEnd, Abdomen: lerp(body, abdEnd, 0.45), Abdomen_End: abdEnd, ...b.joints };
  b.parents = { Body: null, Head: 'Body', Head_End: 'Head', Abdomen: 'Body', Abdomen_End: 'Abdomen', ...b.parents };
  b.pieces.push(
    ['thorax', capsule([0, bodyY, -0.1], [0, bodyY, 0.14], 0.075, 0.07)],
    ['neck', capsule([0, bodyY, 0.14], [0, bodyY + 0.01, 0.22], 0.025, 0.025)],
    ['head', sphere([0, bodyY + 0.01, 0.27], 0.065)],
    ['waist', capsule([0, bodyY, -0.1], [0, bodyY - 0.01, -0.2], 0.025, 0.025)],
    ['abdomen', capsule([0, bodyY - 0.01, -0.26], [0, bodyY - 0.02, -0.6], 0.09, 0.03)],
  );
  // Antennae: thin, from the top of the head forwards, outwards and up, `antennae` long (a wasp's about 0.25).
  if (antennae > 0)
    for (const sx of [1, -1]) {
      const base: V3 = [sx * 0.02, bodyY + 0.06, 0.3];
      const bend: V3 = [sx * 0.06, bodyY + 0.06 + 0.45 * antennae, 0.3 + 0.45 * antennae];
      const tip: V3 = [sx * 0.12, bodyY + 0.06 + 0.6 * antennae, 0.3 + 0.95 * antennae];
      b.pieces.push([`antenna${sx}`, capsule(base, bend, 0.012, 0.01)], [`antenna${sx}b`, capsule(bend, tip, 0.01, 0.008)]);
    }
  b.accessories.push({ part: 'eyes', joint: 'Head', piece: sphere([0.045, bodyY + 0.04, 0.3], 0.025) });
  return b;
}
