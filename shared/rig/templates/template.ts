/**
 * A body-plan template: canonical joint keys, parents (parents listed first), semantic roles, and which
 * joints carry skin weights (end joints do not). Names shown to users come from `nameOf` (biped namings).
 */
export interface TemplateJoint {
  key: string;
  parent: string | null;
  role: string;
  /** False for end joints (leaf markers with no weights). */
  deform: boolean;
}

export interface Template {
  plan: string;
  joints: TemplateJoint[];
}

export function joint(key: string, parent: string | null, role: string, deform = true): TemplateJoint {
  return { key, parent, role, deform };
}

/**
 * Deforming joints of the tail chain shared by the quadruped and the tailed biped. Rests on the corpus
 * artists' weighted tail joints (FIT-DESIGN.md, "tail chain"): fox 5, horse 4, kaiju 6 (Quaternius Dragon
 * 4, bird-base 4, Mesh2Motion dragon 7); three was fewer than any of them. The avian keeps 3 (`AVIAN_TAIL_JOINTS`).
 */
export const TAIL_JOINTS = 4;

/** The avian's tail: its artists disagree (Eagle 2, bird-base and Quaternius Dragon 4, Mesh2Motion dragon 7). */
export const AVIAN_TAIL_JOINTS = 3;

/** The tail chain's deforming keys, root first: `Tail`, `Tail1`, ... `Tail{n-1}`. */
export function tailKeys(n = TAIL_JOINTS): string[] {
  return Array.from({ length: n }, (_, i) => (i ? `Tail${i}` : 'Tail'));
}

/**
 * The tail chain hanging from `Hips`, shared by the quadruped, tailed bipeds and (3 joints) the avian, same
 * keys and roles: `Tail` (role `tail_1`) ... `Tail{n-1}` (`tail_n`), then the end marker `Tail_End` (`tail_end`).
 */
export function tailChain(n = TAIL_JOINTS): TemplateJoint[] {
  const keys = tailKeys(n);
  return [...keys.map((k, i) => joint(k, i ? keys[i - 1] : 'Hips', `tail_${i + 1}`)), joint('Tail_End', keys[n - 1], 'tail_end', false)];
}

/** Index of a key, throwing with a clear prefix when a fit asks for a joint the template lacks. */
export function indexOfKey(t: Template, key: string): number {
  const i = t.joints.findIndex((j) => j.key === key);
  if (i < 0) throw new Error(`template ${t.plan}: no joint ${key}`);
  return i;
}

/** Checks parents-before-children and unique keys; used by tests and at module load of each template. */
export function validateTemplate(t: Template): void {
  const seen = new Set<string>();
  for (const j of t.joints) {
    if (seen.has(j.key)) throw new Error(`template ${t.plan}: duplicate joint ${j.key}`);
    if (j.parent !== null && !seen.has(j.parent)) throw new Error(`template ${t.plan}: ${j.key} listed before its parent ${j.parent}`);
    seen.add(j.key);
  }
}

export const SIDES = [['Left', 'left'], ['Right', 'right']] as const;
