/**
 * `eval:rig --fingers`: the finger feature measured on the corpus bipeds whose artists rig fingers. The
 * plain rows rig with `fingers: false`; here the same mesh is rigged again (fast engine, the only one the
 * spec gives fingers) with `fingers: true`, and two figures are reported:
 * - CD-J2J of the whole deforming skeleton (% of the longest bbox side), comparable with the plain row;
 * - the fingers alone: mean distance from each artist finger joint to our nearest finger joint and the
 *   reverse (% of height), so a change to the finger fit shows even where the 50 other joints dominate.
 * Artist finger joints are found by name (thumb, index, middle, ring, pinky, finger): the corpus names
 * them in five conventions, and two artists hang them from the forearm or from a palm joint per finger
 * (Banana, Robot), so "below the hand joint" would miss them. Quaternius' `MiddleHand` (the knuckle joint
 * between `Palm` and `Fingers`) counts: it stands where our first finger joints do.
 */
import * as THREE from 'three';
import type { RigResult } from '../../shared/rig/types';
import type { CorpusRig } from './corpus-gltf';

export interface FingerRow {
  model: string;
  split?: string;
  engine: 'fast';
  /** Whole-skeleton CD-J2J with fingers on, over the longest bbox side. */
  cdJ2J: number;
  /** Artist finger joints to our nearest finger joint, mean, over height. */
  artistToOurs: number;
  /** Our finger joints to the artist's nearest finger joint, mean, over height. */
  oursToArtist: number;
  /** Mean of the two. */
  fingers: number;
  artistJoints: number;
  ms: number;
}

const ARTIST_FINGER = /thumb|index|middle|ring|pinky|finger/i;
const OUR_FINGER = /Hand(Thumb|Index|Middle|Ring|Pinky)[123]$/;

/** World positions of the artist's weighted finger joints (flat xyz). */
export function artistFingerJoints(gt: CorpusRig): Float64Array {
  const out: number[] = [];
  const v = new THREE.Vector3();
  gt.joints.forEach((j, i) => {
    if (ARTIST_FINGER.test(j.name)) out.push(...v.setFromMatrixPosition(gt.restWorld[i]).toArray());
  });
  return new Float64Array(out);
}

/** Our finger joints (mixamo names) from a fingers-on rig. */
export function ourFingerJoints(r: RigResult): Float64Array {
  return new Float64Array(r.report.joints.filter((j) => OUR_FINGER.test(j.name)).flatMap((j) => j.position));
}

/** Mean distance from each point of `a` to its nearest in `b` (flat xyz). */
function meanNearest(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 3) {
    let best = Infinity;
    for (let j = 0; j < b.length; j += 3) best = Math.min(best, Math.hypot(a[i] - b[j], a[i + 1] - b[j + 1], a[i + 2] - b[j + 2]));
    sum += best;
  }
  return a.length ? sum / (a.length / 3) : 0;
}

export function fingerFigures(artist: Float64Array, ours: Float64Array, H: number): Pick<FingerRow, 'artistToOurs' | 'oursToArtist' | 'fingers'> {
  const a2o = meanNearest(artist, ours) / H;
  const o2a = meanNearest(ours, artist) / H;
  return { artistToOurs: a2o, oursToArtist: o2a, fingers: (a2o + o2a) / 2 };
}

export function printFingerRows(rows: FingerRow[], plainCd: (model: string) => number | undefined): void {
  const pct = (v: number | undefined): string => (v === undefined ? '   -  ' : `${(v * 100).toFixed(2)}%`.padStart(6));
  console.log('\nFingers (--fingers; fast, rigged with fingers: true): CD-J2J of the whole skeleton (% of the longest side; "off" is the plain row), and the artist\'s finger joints against ours (% of height: artist to our nearest, ours to the artist\'s nearest, mean)');
  console.log('model                          split    n   CD off  CD on   art->us us->art fingers');
  for (const r of rows)
    console.log(`${r.model.padEnd(30)} ${(r.split ?? '').padEnd(7)} ${String(r.artistJoints).padStart(3)}  ${pct(plainCd(r.model))} ${pct(r.cdJ2J)}  ${pct(r.artistToOurs)} ${pct(r.oursToArtist)} ${pct(r.fingers)}`);
  if (rows.length) {
    const m = (k: 'cdJ2J' | 'fingers'): number => rows.reduce((s, r) => s + r[k], 0) / rows.length;
    console.log(`mean (n=${rows.length})${' '.repeat(31)}${pct(m('cdJ2J'))}${' '.repeat(17)}${pct(m('fingers'))}`);
  }
}
