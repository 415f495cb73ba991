/** How the live skin is doing, for the edit panel (and tests): preparing, ready, how many updates, how fast. */
import { create } from 'zustand';

interface LiveSkinStatus {
  state: 'preparing' | 'ready' | 'failed';
  /** Weight sets written into the mesh since the mode opened. */
  updates: number;
  prepareMs: number | null;
  lastMs: number | null;
  error: string | null;
  reset(): void;
  ready(ms: number): void;
  updated(ms: number): void;
  failed(error: string): void;
}

export const useLiveSkinStatus = create<LiveSkinStatus>((set, get) => ({
  state: 'preparing',
  updates: 0,
  prepareMs: null,
  lastMs: null,
  error: null,
  reset: () => set({ state: 'preparing', updates: 0, prepareMs: null, lastMs: null, error: null }),
  ready: (ms) => set({ state: 'ready', prepareMs: ms }),
  updated: (ms) => set({ updates: get().updates + 1, lastMs: ms }),
  failed: (error) => set({ state: 'failed', error }),
}));
