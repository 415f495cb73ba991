/**
 * Front images of a T-pose humanoid for image-to-3D tests, made with the project's own code: the
 * synthetic biped (shared/rig/synthetic) rendered from +Z with shared/render, as PNG bytes via sharp.
 *
 * `raiseRightArmDeg` lifts the character's right arm (the one on -X, on the image's left) about its
 * shoulder so the figure is no longer left/right symmetric: a mirrored image, or a generator that
 * mirrors, then gives a skeleton whose raised hand is on the wrong side, which a symmetric T-pose
 * cannot reveal.
 */
import sharp from 'sharp';
import { renderFrontView } from '../../shared/render/render-front-view';
import type { Background } from '../../shared/render/types';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import { sceneFromSynthetic } from './synthetic-scene';

export interface TPoseCharacter {
  /** Ground-truth joints by Mixamo name, metres, in the character's own frame (soles near y = 0, facing +Z). */
  joints: Record<string, [number, number, number]>;
  /** Bounding box of the character's mesh. */
  min: [number, number, number];
  max: [number, number, number];
  /** The front view as PNG bytes (RGBA, transparent background unless told otherwise). */
  png: Buffer;
}

export interface TPoseImageOptions {
  /** Square image side in pixels (default 384). */
  size?: number;
  /** Degrees the right arm is lifted above horizontal (default 0: a symmetric T-pose). */
  raiseRightArmDeg?: number;
  /** Flip the image left/right after rendering (a wrong input, for negative checks). */
  mirror?: boolean;
  /** Opaque background colour instead of transparency. */
  background?: Background;
}

const RIGHT_ARM_PARTS = ['Right_upperarm', 'Right_forearm', 'Right_hand'];
const RIGHT_ARM_JOINTS = ['RightForeArm', 'RightHand'];

export async function tPoseFrontImage(options: TPoseImageOptions = {}): Promise<TPoseCharacter> {
  const size = options.size ?? 384;
  const character = syntheticCharacter('biped', { pose: 'T', accessories: false });
  const joints: Record<string, [number, number, number]> = {};
  character.truth.keys.forEach((k, j) => {
    const p = character.truth.positions;
    joints[k] = [p[j * 3], p[j * 3 + 1], p[j * 3 + 2]];
  });
  const raise = ((options.raiseRightArmDeg ?? 0) * Math.PI) / 180;
  if (raise !== 0) {
    // The right arm points to -X; turning by -raise about +Z at the shoulder lifts it.
    const [px, py] = joints.RightArm;
    const c = Math.cos(-raise), s = Math.sin(-raise);
    const turn = (x: number, y: number): [number, number] => [px + (x - px) * c - (y - py) * s, py + (x - px) * s + (y - py) * c];
    const { positions, partOffsets } = character.mesh;
    for (const name of RIGHT_ARM_PARTS) {
      const p = character.partNames.indexOf(name);
      if (p < 0) throw new Error(`character-front-image: synthetic biped has no part ${name}`);
      for (let v = partOffsets[p]; v < partOffsets[p + 1]; v++) {
        [positions[v * 3], positions[v * 3 + 1]] = turn(positions[v * 3], positions[v * 3 + 1]);
      }
    }
    for (const k of RIGHT_ARM_JOINTS) [joints[k][0], joints[k][1]] = turn(joints[k][0], joints[k][1]);
  }
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const pos = character.mesh.positions;
  for (let i = 0; i < pos.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], pos[i + k]);
      max[k] = Math.max(max[k], pos[i + k]);
    }
  }
  const view = renderFrontView(sceneFromSynthetic(character), size, { margin: 0.05, background: options.background });
  let image = sharp(Buffer.from(view.image.data.buffer, view.image.data.byteOffset, view.image.data.byteLength), {
    raw: { width: size, height: size, channels: 4 },
  });
  if (options.mirror) image = image.flop();
  return { joints, min, max, png: await image.png().toBuffer() };
}
