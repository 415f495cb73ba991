/**
 * The Rig page's state, shared with the pages that send it work: Generate ("Send to Rig"),
 * Catalog ("Rig this asset") and Jobs ("Rig this result").
 */
import { create } from 'zustand';
import type { Asset, Engine, Job, OutputFormat, RigCheck, RigType } from '../api/types';

export type RigSource =
  | { kind: 'file'; name: string; bytes: Uint8Array }
  | { kind: 'asset'; asset: Asset }
  | { kind: 'job'; job: Job; name: string };

export interface RigSettings {
  rigType: RigType;
  engine: Engine;
  rotation: number;
  fingers: boolean;
  outputFormat: OutputFormat;
  /** `url`s of the library clips to retarget and bake into the result (none: empty). */
  clipUrls: string[];
}

export interface BatchItem {
  id: number;
  source: RigSource;
  job: Job | null;
  error: string | null;
  /** A correction (issue 14): joints placed by hand for the rig job that is the source. */
  joints?: Record<string, [number, number, number]>;
}

/** The pre-check of the last dropped file: pending (no result, no error), answered, or refused. */
export interface RigCheckState {
  name: string;
  result: RigCheck | null;
  error: string | null;
}

interface RigState {
  settings: RigSettings;
  /** Sources in the batch; the first is the one previewed. */
  items: BatchItem[];
  selected: number;
  check: RigCheckState | null;
  setCheck(check: RigCheckState | null): void;
  setSettings(patch: Partial<RigSettings>): void;
  setSources(sources: RigSource[]): void;
  addSources(sources: RigSource[]): void;
  /** Adds a correction of a succeeded rig job and selects it; returns the new item. */
  addCorrection(job: Job, name: string, joints: Record<string, [number, number, number]>): BatchItem;
  select(id: number): void;
  updateItem(id: number, patch: Partial<Omit<BatchItem, 'id' | 'source'>>): void;
  clear(): void;
}

export const DEFAULT_SETTINGS: RigSettings = {
  rigType: 'biped',
  engine: 'fast',
  rotation: 0,
  fingers: false,
  outputFormat: 'glb',
  clipUrls: [],
};

let nextId = 1;

export function sourceName(s: RigSource): string {
  return s.kind === 'file' ? s.name : s.kind === 'asset' ? s.asset.name : s.name;
}

export const useRig = create<RigState>((set, get) => ({
  settings: DEFAULT_SETTINGS,
  items: [],
  selected: 0,
  check: null,
  setCheck(check) {
    set({ check });
  },
  setSettings(patch) {
    const next = { ...get().settings, ...patch };
    // Fingers and clips are fast-engine features (spec 4.1).
    if (next.engine === 'pro') {
      next.fingers = false;
      next.clipUrls = [];
    }
    set({ settings: next });
  },
  setSources(sources) {
    const items = sources.map((source) => ({ id: nextId++, source, job: null, error: null }));
    set({ items, selected: items[0]?.id ?? 0 });
  },
  addSources(sources) {
    const items = [...get().items, ...sources.map((source) => ({ id: nextId++, source, job: null, error: null }))];
    set({ items, selected: get().selected || items[0]?.id || 0 });
  },
  addCorrection(job, name, joints) {
    const item: BatchItem = { id: nextId++, source: { kind: 'job', job, name }, job: null, error: null, joints };
    set({ items: [...get().items, item], selected: item.id });
    return item;
  },
  select(id) {
    set({ selected: id });
  },
  updateItem(id, patch) {
    set({ items: get().items.map((it) => (it.id === id ? { ...it, ...patch } : it)) });
  },
  clear() {
    set({ items: [], selected: 0, check: null });
  },
}));
