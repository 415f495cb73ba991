/**
 * Per-joint distance (share of the longest side) from a random sweep body's fit to its truth, as the
 * eval:*-sweep harnesses measure it: the sweep-fit tests pin a seed whose fit once failed.
 */
import { rigMesh } from '../../shared/rig/rig-mesh';
import type { RigEngine, RigType } from '../../shared/rig/types';
import type { PlanBuild } from '../../shared/rig/synthetic/characters';
import { characterFromBuild } from '../../shared/rig/synthetic/characters';
import { longestSide } from '../eval/metrics';

export function sweepJointErrors(plan: RigType, build: PlanBuild, name: string, engine: RigEngine = 'fast'): Record<string, number> {
  const c = characterFromBuild(name, plan, build, { accessories: false });
  const r = rigMesh(c.mesh, { rigType: plan, engine, rotationY: 0, boneNaming: 'mixamo', fingers: false });
  const L = longestSide(c.mesh.positions);
  const out: Record<string, number> = {};
  for (const j of r.report.joints) {
    const t = c.truth.keys.indexOf(j.name);
    if (t >= 0) out[j.name] = Math.hypot(...j.position.map((v, i) => v - c.truth.positions[t * 3 + i])) / L;
  }
  return out;
}
