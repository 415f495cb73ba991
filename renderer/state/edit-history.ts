/**
 * Undo and redo of joint edits (pure, unit-tested): a list of snapshots and a cursor. A new step
 * after an undo drops the steps that were undone, as every editor does. Snapshots are never
 * mutated, so sharing them is safe.
 */
export interface History<T> {
  readonly steps: readonly T[];
  /** Index of the current snapshot in `steps`. */
  readonly at: number;
}

/** Older steps beyond this are forgotten (a long session must not grow without bound). */
export const HISTORY_LIMIT = 200;

export function startHistory<T>(initial: T): History<T> {
  return { steps: [initial], at: 0 };
}

export function current<T>(h: History<T>): T {
  return h.steps[h.at];
}

export function pushStep<T>(h: History<T>, next: T): History<T> {
  const steps = [...h.steps.slice(0, h.at + 1), next];
  const drop = Math.max(0, steps.length - HISTORY_LIMIT);
  return { steps: steps.slice(drop), at: steps.length - 1 - drop };
}

export function canUndo<T>(h: History<T>): boolean {
  return h.at > 0;
}

export function canRedo<T>(h: History<T>): boolean {
  return h.at < h.steps.length - 1;
}

export function undo<T>(h: History<T>): History<T> {
  return canUndo(h) ? { steps: h.steps, at: h.at - 1 } : h;
}

export function redo<T>(h: History<T>): History<T> {
  return canRedo(h) ? { steps: h.steps, at: h.at + 1 } : h;
}
