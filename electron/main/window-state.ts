/**
 * Window position and size kept between runs. Pure: parsing a saved record and fitting it onto
 * the displays present now (a monitor may have been unplugged since the last run).
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent on first run: the window is centred by the OS. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const WINDOW_DEFAULTS = { width: 1440, height: 900, minWidth: 960, minHeight: 620 } as const;

/** Minimum visible part of the window's title bar that must land on some display. */
const MIN_VISIBLE = 64;

function finite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Reads a saved record; anything malformed gives null (the defaults are used). */
export function parseWindowState(raw: unknown): WindowState | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (!finite(r.width) || !finite(r.height)) return null;
  const state: WindowState = {
    width: Math.round(r.width),
    height: Math.round(r.height),
    maximized: r.maximized === true,
  };
  if (finite(r.x) && finite(r.y)) {
    state.x = Math.round(r.x);
    state.y = Math.round(r.y);
  }
  return state;
}

function overlap(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/**
 * Fits a saved state to the current displays' work areas:
 * - size clamped between the minimum and the largest work area;
 * - position kept only if the top strip of the window (its title bar) is visible on a display
 *   enough to grab it; otherwise dropped so the OS centres the window on the primary display.
 */
export function fitWindowState(saved: WindowState | null, workAreas: readonly Rect[]): WindowState {
  const base = saved ?? { width: WINDOW_DEFAULTS.width, height: WINDOW_DEFAULTS.height, maximized: false };
  const maxW = Math.max(WINDOW_DEFAULTS.minWidth, ...workAreas.map((a) => a.width));
  const maxH = Math.max(WINDOW_DEFAULTS.minHeight, ...workAreas.map((a) => a.height));
  const width = Math.min(Math.max(base.width, WINDOW_DEFAULTS.minWidth), maxW);
  const height = Math.min(Math.max(base.height, WINDOW_DEFAULTS.minHeight), maxH);
  const out: WindowState = { width, height, maximized: base.maximized };
  if (base.x === undefined || base.y === undefined) return out;

  const titleBar: Rect = { x: base.x, y: base.y, width, height: Math.min(32, height) };
  const visible = workAreas.some((area) => {
    const o = overlap(titleBar, area);
    return o !== null && o.width >= Math.min(MIN_VISIBLE, width) && base.y! >= area.y;
  });
  if (!visible) return out;

  // Pull the window fully inside the display holding most of its title bar when it fits there.
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const o = overlap({ x: base.x, y: base.y, width, height }, area);
    const a = o ? o.width * o.height : 0;
    if (a > bestArea) {
      bestArea = a;
      best = area;
    }
  }
  out.x = base.x;
  out.y = base.y;
  if (best) {
    out.x = Math.min(Math.max(base.x, best.x), best.x + Math.max(0, best.width - width));
    out.y = Math.min(Math.max(base.y, best.y), best.y + Math.max(0, best.height - height));
  }
  return out;
}
