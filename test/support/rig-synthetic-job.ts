/**
 * Submits a rig of the synthetic A-pose biped (a GLB, inline) to a running service with extra request
 * fields (animation_url, in_place, ...) and waits for the job: what the animation_url tests share.
 */
import { expect } from 'vitest';
import { writeGlb } from '../../shared/mesh/write-glb';
import { syntheticCharacter } from '../../shared/rig/synthetic/characters';
import type { LiveService } from './running-service';
import { sceneFromSynthetic } from './synthetic-scene';

export async function rigSyntheticBiped(live: LiveService, body: Record<string, unknown>): Promise<any> {
  const glb = await writeGlb(sceneFromSynthetic(syntheticCharacter('biped', { pose: 'A', accessories: false })));
  const submitted = await live.request('POST', '/v1/rigs', { model_base64: Buffer.from(glb).toString('base64'), filename: 'hero.glb', ...body });
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(202);
  return live.waitForJob(submitted.json.id, 150_000);
}
