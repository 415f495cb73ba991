/**
 * The edited skeleton as the re-skin reads it (pure): joints in report order (the rigged GLB's skin
 * order), parents by name, end joints not deforming, and leaf bone ends (`tip`) moved along with
 * their joint so a moved hand keeps its bone's direction.
 */
import type { RigReportJoint } from '../api/rig-report';
import type { ReskinSkeleton } from './reskin-client';
import type { JointPositions } from '../state/joint-edit-store';

export function reportSkeleton(joints: readonly RigReportJoint[], positions: JointPositions): ReskinSkeleton {
  const index = new Map(joints.map((j, i) => [j.name, i]));
  const out = new Float64Array(joints.length * 3);
  const leafTips: [number, number[]][] = [];
  joints.forEach((j, i) => {
    const p = positions[j.name] ?? j.position;
    if (!p) throw new Error(`Edit joints: no position for joint ${j.name}`);
    out.set(p, i * 3);
    if (j.tip && j.position) leafTips.push([i, [0, 1, 2].map((k) => j.tip![k] + p[k] - j.position![k])]);
  });
  const parents = Int32Array.from(joints, (j) => (j.parent === null ? -1 : index.get(j.parent) ?? -1));
  const deform = joints.map((j) => j.deform ?? !/_End$/i.test(j.name));
  return { positions: out, parents, deform, leafTips };
}
