/**
 * 0 A.D.'s human bodies (Wildfire Games, CC-BY-SA 3.0; Debian's `0ad-data`, read from the user's install and
 * never copied) as `eval:rig-games` measures them: realistic men and women in tunics, trousers, long dresses,
 * robes and armour, all bound to the game's one `Biped` skeleton with the arms about 60 degrees down. A body
 * is modelled headless: the game props a head mesh on at the skeleton's `head` prop point, and so does this
 * loader (a second part, as a body with a separate head mesh reaches the rigger), with one of the game's own
 * heads per body, alternated. PMD stores no bone names: its bones follow the standard skeleton's order in
 * `art/skeletons/biped.xml` (depth first), written out below.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { mergeTriangles } from '../../shared/mesh/merge';
import type { IqmModel } from './iqm-reader';
import { readPmd } from './pmd-reader';

/** `art/skeletons/biped.xml`'s `Biped` standard skeleton, depth first: the PMD bone order. */
export const BIPED_BONES = [
  'hip', 'spine', 'spine1', 'chest', 'shoulder_L', 'arm_L', 'forearm_L', 'hand_L', 'finger_L', 'fingertip_L', 'shield',
  'weapon_bow', 'ammo', 'weapon_L', 'shield_arm', 'neck', 'head', 'helmet', 'neck_guard', 'shoulder_R', 'arm_R', 'forearm_R',
  'hand_R', 'finger_R', 'fingertip_R', 'weapon_R', 'projectile', 'cape1', 'cape2', 'cape3', 'thigh_L', 'leg_L', 'foot_L',
  'thigh_R', 'leg_R', 'foot_R', 'sheath_01_R', 'sheath_01_L', 'sheath_02_R', 'sheath_02_L', 'quiver_R', 'quiver_L', 'knee_L',
  'knee_R', 'elbow_L', 'elbow_R',
];

/** Each bone's parent in `BIPED_BONES` (-1: a root; the knee and elbow helpers are roots of their own). */
export const BIPED_PARENTS = [
  -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 7, 7, 7, 6, 3, 15, 16, 15, 3, 19, 20, 21, 22, 23, 22, 22, 3, 27, 28, 0, 30, 31, 0, 33, 34,
  0, 0, 0, 0, 0, 0, -1, -1, -1, -1,
];

/**
 * eval:rig's semantic roles on the `Biped` skeleton. The models face -Z (their feet run from the ankle
 * joints, 0.05 H in front of the mid-plane, back to -0.09 H at the toes; 0 A.D.'s animals face -Z too) with
 * the `_L` bones at +X: the game's files are left-handed, a mirror image of the artist's scene, so the
 * character's left as the mesh stands (-X, facing -Z) carries the `_R` bones.
 */
export const BIPED_ROLES: Record<string, string> = {
  hips: 'hip', spine: 'spine', neck: 'neck', head: 'head',
  ...Object.fromEntries((['L', 'R'] as const).flatMap((s) => {
    const side = s === 'R' ? 'left' : 'right';
    return [['upper_arm', 'arm'], ['lower_arm', 'forearm'], ['hand', 'hand'], ['upper_leg', 'thigh'], ['lower_leg', 'leg'], ['foot', 'foot']].map(([role, bone]) => [`${side}_${role}`, `${bone}_${s}`]);
  })),
};

/** The skinned human bodies under `art/meshes/skeletal/new` (the campaign heroes there are static meshes). */
export const ZERO_AD_BODIES = [
  'f_armor_dress', 'f_armor_tunic_short_boudicca', 'f_dress', 'f_naked', 'f_tunic_short', 'm_armor_dress', 'm_armor_dress_sleeves',
  'm_armor_hero_pants_tunic', 'm_armor_hero_tunic', 'm_armor_naked', 'm_armor_pants', 'm_armor_pants_tunic_long', 'm_armor_pants_tunic_short',
  'm_armor_tunic_long', 'm_armor_tunic_long_med_sleeves', 'm_armor_tunic_long_short_sleeves', 'm_armor_tunic_long_sleeves', 'm_armor_tunic_short',
  'm_armor_tunic_short_med_sleeves', 'm_armor_tunic_short_short_sleeves', 'm_armor_tunic_short_sleeves', 'm_dress', 'm_dress_sleeves',
  'm_hero_caros', 'm_hero_pants_tunic', 'm_hero_tunic', 'm_naked', 'm_pants', 'm_pants_loose_01', 'm_pants_loose_02', 'm_pants_tunic_long',
  'm_pants_tunic_short', 'm_robe', 'm_tunic_long', 'm_tunic_short',
];

/** The game's own head meshes (`art/meshes/props/new`), alternated over the bodies of each sex. */
const MALE_HEADS = ['head_beard', 'head_longhair', 'head_goatee', 'head_m_ponytail', 'head_beard_large', 'head_mauryan_short_hair'];
const FEMALE_HEADS = ['head_female_shorthair', 'head_female_c', 'dudette_head_a', 'head_female_d'];

export function headFor(body: string): string {
  const same = ZERO_AD_BODIES.filter((b) => b[0] === body[0]);
  const heads = body.startsWith('f_') ? FEMALE_HEADS : MALE_HEADS;
  return heads[same.indexOf(body) % heads.length];
}

/**
 * A body of `ZERO_AD_BODIES` with its head propped on, in IQM-reader shape (two parts: body, head), from
 * `meshesDir` (0 A.D.'s `art/meshes`, holding `skeletal/new` and `props/new`). Throws, naming the file, when
 * one is missing or has no `head` prop point.
 */
export function readZeroAdHuman(meshesDir: string, body: string): IqmModel {
  const bodyFile = path.join(meshesDir, 'skeletal/new', `${body}.dae.cached.pmd`);
  const headFile = path.join(meshesDir, 'props/new', `${headFor(body)}.dae.cached.pmd`);
  for (const f of [bodyFile, headFile]) if (!existsSync(f)) throw new Error(`no ${f}: extract 0 A.D.'s art/meshes/skeletal and art/meshes/props/new`);
  const b = readPmd(bodyFile), h = readPmd(headFile);
  if (b.bonePositions.length / 3 !== BIPED_BONES.length) throw new Error(`${bodyFile}: ${b.bonePositions.length / 3} bones, not the Biped skeleton's ${BIPED_BONES.length}`);
  const prop = b.propPoints.find((p) => p.name === 'head');
  if (!prop) throw new Error(`${bodyFile}: no head prop point`);
  // The head's vertices: the prop's offset in its bone's rest frame, then the bone's rest transform.
  const frame = (t: ArrayLike<number>, q: ArrayLike<number>): THREE.Matrix4 => new THREE.Matrix4().compose(new THREE.Vector3(t[0], t[1], t[2]), new THREE.Quaternion(q[0], q[1], q[2], q[3]), new THREE.Vector3(1, 1, 1));
  const k = prop.bone;
  const toBody = frame(b.bonePositions.subarray(k * 3, k * 3 + 3), b.boneRotations.subarray(k * 4, k * 4 + 4)).multiply(frame(prop.translation, prop.rotation));
  const head = new THREE.BufferAttribute(h.positions.slice(), 3).applyMatrix4(toBody).array as Float32Array;
  const { positions, indices, partOffsets } = mergeTriangles([b, { positions: head, indices: h.indices }]);
  // The head prop carries no weights: it moves with the head bone, so that bone counts as weighted.
  const weighted = b.weighted.slice();
  weighted[prop.bone] = true;
  return { positions, indices, partOffsets, names: BIPED_BONES, parents: BIPED_PARENTS, jointPositions: b.bonePositions, weighted };
}
