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

/** The tail chain hanging from `Hips`, shared by the quadruped and tailed bipeds (same keys and roles). */
export function tailChain(): TemplateJoint[] {
  return [
    joint('Tail', 'Hips', 'tail_1'),
    joint('Tail1', 'Tail', 'tail_2'),
    joint('Tail2', 'Tail1', 'tail_3'),
    joint('Tail_End', 'Tail2', 'tail_end', false),
  ];
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
