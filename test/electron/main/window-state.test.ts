import { describe, expect, it } from 'vitest';
import { fitWindowState, parseWindowState, WINDOW_DEFAULTS, type Rect } from '../../../electron/main/window-state';

const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1050 };
const rightMonitor: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('parseWindowState', () => {
  it('reads a saved record and rounds it', () => {
    expect(parseWindowState({ x: 10.4, y: 20, width: 1200.6, height: 800, maximized: true })).toEqual({
      x: 10, y: 20, width: 1201, height: 800, maximized: true,
    });
  });
  it('rejects malformed records', () => {
    expect(parseWindowState(null)).toBeNull();
    expect(parseWindowState('x')).toBeNull();
    expect(parseWindowState({ width: 'big', height: 800 })).toBeNull();
    expect(parseWindowState({ width: Infinity, height: 800 })).toBeNull();
  });
  it('drops a half-saved position', () => {
    expect(parseWindowState({ x: 5, width: 1000, height: 700 })).toEqual({ width: 1000, height: 700, maximized: false });
  });
});

describe('fitWindowState', () => {
  it('uses defaults on first run, unpositioned', () => {
    expect(fitWindowState(null, [laptop])).toEqual({ width: WINDOW_DEFAULTS.width, height: WINDOW_DEFAULTS.height, maximized: false });
  });
  it('keeps a window that is on screen', () => {
    expect(fitWindowState({ x: 100, y: 80, width: 1200, height: 800, maximized: false }, [laptop])).toEqual({
      x: 100, y: 80, width: 1200, height: 800, maximized: false,
    });
  });
  it('forgets the position when its monitor was unplugged', () => {
    const saved = { x: 2200, y: 100, width: 1600, height: 1000, maximized: true };
    expect(fitWindowState(saved, [rightMonitor, laptop]).x).toBe(2200);
    const fitted = fitWindowState(saved, [laptop]);
    expect(fitted.x).toBeUndefined();
    expect(fitted).toMatchObject({ width: 1600, height: 1000, maximized: true });
  });
  it('clamps size between the minimum and the largest display', () => {
    expect(fitWindowState({ width: 100, height: 50, maximized: false }, [laptop])).toMatchObject({
      width: WINDOW_DEFAULTS.minWidth, height: WINDOW_DEFAULTS.minHeight,
    });
    expect(fitWindowState({ width: 5000, height: 3000, maximized: false }, [laptop])).toMatchObject({ width: 1920, height: 1050 });
  });
  it('pulls a window hanging off the edge back inside its display', () => {
    const fitted = fitWindowState({ x: 1500, y: 600, width: 1000, height: 700, maximized: false }, [laptop]);
    expect(fitted).toMatchObject({ x: 920, y: 350 });
  });
  it('rejects a title bar above the top of every display', () => {
    expect(fitWindowState({ x: 100, y: -500, width: 1000, height: 700, maximized: false }, [laptop]).x).toBeUndefined();
  });
});
