import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAnimations } from '../../../electron/cli/animations-command';
import { openTestStore, type TestStore } from '../../support/test-store';
import { sqlRows } from '../../support/store-sql';
import { builtinClips } from '../../../shared/anim/library';
import { clipSceneModel } from '../../../shared/anim/clip-model';
import { readModel } from '../../../shared/mesh/read-model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { corpusPath, describeWithCorpus } from '../../support/corpus';
import { readFileSync } from 'node:fs';

// The store of the run's mode (RIGDESK_TEST_DATABASE): SQLite, or PostgreSQL as `--database --blobs`.
let t: TestStore;
beforeAll(async () => {
  t = await openTestStore(mkdtempSync(path.join(tmpdir(), 'rigdesk-anim-')));
});
afterAll(() => t.close());

async function storedClips(): Promise<{ id: string; name: string; duration_seconds: number; rig_type: string; file_token: string }[]> {
  const rows = await sqlRows({ store: t.store, sqlite: t.sqlite }, 'SELECT id, name, duration_seconds, rig_type, file_token FROM clips ORDER BY id');
  return rows.map((r) => ({ ...r, duration_seconds: Number(r.duration_seconds) })) as never;
}

describe('animations import', () => {
  it('refuses files whose licence is not CC0, saying why', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rigdesk-by-'));
    const c = builtinClips('aquatic')[0];
    writeFileSync(path.join(dir, 'fish.glb'), await writeGlb(clipSceneModel(c.plan, c.skeleton, [c.clip])));
    writeFileSync(path.join(dir, 'LICENSE.txt'), 'Creative Commons Attribution 4.0 International (CC BY 4.0)');
    await expect(importAnimations(t.store, dir)).rejects.toThrow(/refused: .*LICENSE/);
    const bare = mkdtempSync(path.join(tmpdir(), 'rigdesk-nolicence-'));
    writeFileSync(path.join(bare, 'fish.glb'), await writeGlb(clipSceneModel(c.plan, c.skeleton, [c.clip])));
    await expect(importAnimations(t.store, bare)).rejects.toThrow(/no LICENSE or README/);
  });
});

describeWithCorpus('animations import (corpus)', () => {
  it('imports KayKit and Mesh2Motion clips keeping names and durations', async () => {
    const files = [corpusPath('characters/kaykit/Knight.glb'), corpusPath('animations/mesh2motion/fox-animations.glb')];
    for (const f of files) {
      const res = await importAnimations(t.store, f);
      const original = (await readModel(new Uint8Array(readFileSync(f)), path.basename(f))).model.clips;
      expect(res.imported).toBe(original.length);
      const stored = (await storedClips()).filter((c) => c.id.startsWith(`${path.basename(f, '.glb').toLowerCase()}/`));
      expect(stored.length).toBe(original.length);
      for (const clip of original) {
        const row = stored.find((s) => s.name === clip.name)!;
        expect(row, clip.name).toBeDefined();
        expect(row.duration_seconds).toBeCloseTo(clip.duration, 3);
      }
    }
    expect((await storedClips()).find((c) => c.name === 'Walking_A')!.rig_type).toBe('biped');
    expect((await storedClips()).filter((c) => c.id.startsWith('knight/')).length).toBe(76);
  }, 600_000);
});
