import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, canRedo, canUndo, current, pushStep, redo, startHistory, undo } from '../../../renderer/state/edit-history';

describe('joint edit history', () => {
  it('undoes and redoes steps in order', () => {
    let h = startHistory('a');
    expect(canUndo(h)).toBe(false);
    h = pushStep(pushStep(h, 'b'), 'c');
    expect(current(h)).toBe('c');
    h = undo(h);
    expect(current(h)).toBe('b');
    h = undo(h);
    expect(current(h)).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(current(undo(h))).toBe('a');
    h = redo(redo(h));
    expect(current(h)).toBe('c');
    expect(canRedo(h)).toBe(false);
  });

  it('drops the undone steps when a new step is made', () => {
    let h = pushStep(pushStep(startHistory(1), 2), 3);
    h = pushStep(undo(undo(h)), 4);
    expect(h.steps).toEqual([1, 4]);
    expect(canRedo(h)).toBe(false);
    expect(current(undo(h))).toBe(1);
  });

  it('forgets the oldest steps past the limit and still undoes the newest', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) h = pushStep(h, i);
    expect(h.steps.length).toBe(HISTORY_LIMIT);
    expect(current(h)).toBe(HISTORY_LIMIT + 10);
    expect(current(undo(h))).toBe(HISTORY_LIMIT + 9);
    expect(h.steps[0]).toBe(11);
  });
});
