/**
 * State of the Rig page's "Edit joints" mode (issue 14): the joints of the rig being corrected, their
 * edited positions with undo/redo, and the mode's switches (symmetry on by default, snap to centre,
 * the camera view, the test pose). Positions are in the rig report's frame: the model's units after
 * rotation_y, which is also the frame of the rigged GLB's scene.
 */
import { create } from 'zustand';
import type { RigReport, Vec3 } from '../api/rig-report';
import { centreX, mirrorAcross, mirrorTwin } from '../edit/joint-symmetry';
import { current, pushStep, redo, startHistory, undo, type History } from './edit-history';

export type JointPositions = Readonly<Record<string, Vec3>>;
export type EditView = 'orbit' | 'front' | 'side';

interface JointEditState {
  /** The rig job being corrected, or null outside the mode. */
  jobId: string | null;
  names: readonly string[];
  original: JointPositions;
  history: History<JointPositions>;
  /** What is shown: the history's current step, or the joint being dragged. */
  positions: JointPositions;
  centreX: number;
  symmetry: boolean;
  snap: boolean;
  view: EditView;
  testPose: boolean;
  selected: string | null;
  open(jobId: string, report: RigReport): void;
  close(): void;
  /** While dragging: shown, not yet a step. */
  drag(name: string, to: Vec3): void;
  /** On release: a step of the history. */
  drop(name: string, to: Vec3): void;
  resetJoint(name: string): void;
  resetAll(): void;
  undo(): void;
  redo(): void;
  set(patch: Partial<Pick<JointEditState, 'symmetry' | 'snap' | 'view' | 'testPose' | 'selected'>>): void;
}

/** Whether a report carries what editing needs (positions, from issue 14's service onwards). */
export function canEditJoints(report: RigReport | null): boolean {
  return Boolean(report && report.bounds && report.joints.length > 0 && report.joints.every((j) => j.position));
}

/** `positions` with `name` at `to` and, with symmetry, its twin mirrored. */
export function moveJoint(positions: JointPositions, name: string, to: Vec3, symmetry: boolean, midX: number): JointPositions {
  const next = { ...positions, [name]: to };
  const twin = symmetry ? mirrorTwin(name, new Set(Object.keys(positions))) : null;
  if (twin) next[twin] = mirrorAcross(to, midX);
  return next;
}

/** Joints whose position differs from the rig's: the body of the correction. */
export function editedJoints(original: JointPositions, positions: JointPositions): Record<string, Vec3> {
  const out: Record<string, Vec3> = {};
  for (const [name, p] of Object.entries(positions)) {
    const o = original[name];
    if (!o || o[0] !== p[0] || o[1] !== p[1] || o[2] !== p[2]) out[name] = [p[0], p[1], p[2]];
  }
  return out;
}

const EMPTY = startHistory<JointPositions>({});

export const useJointEdit = create<JointEditState>((set, get) => ({
  jobId: null,
  names: [],
  original: {},
  history: EMPTY,
  positions: {},
  centreX: 0,
  symmetry: true,
  snap: false,
  view: 'orbit',
  testPose: true,
  selected: null,
  open(jobId, report) {
    if (!canEditJoints(report)) throw new Error('Edit joints: this rig report has no joint positions (rigged by an older service)');
    const original: Record<string, Vec3> = {};
    for (const j of report.joints) original[j.name] = j.position!;
    const history = startHistory<JointPositions>(original);
    set({ jobId, names: report.joints.map((j) => j.name), original, history, positions: original, centreX: centreX(report.bounds!), selected: null });
  },
  close() {
    set({ jobId: null, names: [], original: {}, history: EMPTY, positions: {}, selected: null, view: 'orbit' });
  },
  drag(name, to) {
    const s = get();
    set({ positions: moveJoint(current(s.history), name, to, s.symmetry, s.centreX), selected: name });
  },
  drop(name, to) {
    const s = get();
    const history = pushStep(s.history, moveJoint(current(s.history), name, to, s.symmetry, s.centreX));
    set({ history, positions: current(history), selected: name });
  },
  resetJoint(name) {
    const s = get();
    const o = s.original[name];
    if (!o) return;
    const history = pushStep(s.history, moveJoint(current(s.history), name, o, s.symmetry, s.centreX));
    // The twin goes back to its own rigged place, not to the mirror of this one.
    const twin = s.symmetry ? mirrorTwin(name, new Set(s.names)) : null;
    const step = twin ? { ...current(history), [twin]: s.original[twin] } : current(history);
    const fixed = { steps: [...history.steps.slice(0, -1), step], at: history.at };
    set({ history: fixed, positions: step });
  },
  resetAll() {
    const s = get();
    const history = pushStep(s.history, s.original);
    set({ history, positions: s.original });
  },
  undo() {
    const history = undo(get().history);
    set({ history, positions: current(history) });
  },
  redo() {
    const history = redo(get().history);
    set({ history, positions: current(history) });
  },
  set(patch) {
    set(patch);
  },
}));
