/**
 * Issue 14 through the real service (HTTP on loopback, a real worker process): `joints` on POST /v1/rigs
 * (400s naming the joint, joints read back from the written GLB) and corrections of a succeeded rig job
 * with `from_job` + `joints` (1 credit, 403 for another account's job, 400 for a job not succeeded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restWorld } from '../../../shared/anim/pose';
import { readModel } from '../../../shared/mesh/read-model';
import { writeGlb } from '../../../shared/mesh/write-glb';
import { mergeParts } from '../../../shared/mesh/merge';
import { prepareSkinState, reskin } from '../../../shared/rig/reskin';
import { createAccount } from '../../../electron/service/admin/accounts-admin';
import { syntheticCharacter } from '../../../shared/rig/synthetic/characters';
import { startLiveService, type LiveService } from '../../support/running-service';
import { sceneFromSynthetic } from '../../support/synthetic-scene';

type V3 = [number, number, number];
interface Report { given: string[]; bounds: { min: V3; max: V3 }; corrects?: string; joints: { name: string; position: V3; source: string; confidence: number; parent: string | null; deform: boolean; tip?: V3 }[]; checks: { code: string; joints: string[] }[] }

let live: LiveService;
let model: string;
/** A plain rig of the model, the base of the corrections. */
let plain: { id: string; report: Report; glb: Uint8Array };

const balance = async (): Promise<number> => (await live.service.store.credits.balance(live.accountId)).total;
const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const position = (r: Report, name: string): V3 => r.joints.find((j) => j.name === name)!.position;

async function rigAndWait(body: Record<string, unknown>): Promise<{ id: string; report: Report; glb: Uint8Array; cost: number }> {
  const before = await balance();
  const res = await live.request('POST', '/v1/rigs', body);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  const cost = before - await balance();
  const job = await live.waitForJob(res.json.id, 60_000);
  expect(job.error).toBeNull();
  const files = Object.fromEntries(job.output.files.map((f: { role: string; url: string }) => [f.role, f.url]));
  const report = (await (await fetch(files.report)).json()) as Report;
  const glb = new Uint8Array(await (await fetch(job.output.model_url)).arrayBuffer());
  return { id: job.id, report, glb, cost };
}

/** Joint positions of the written GLB, composed from its nodes (as any glTF reader does). */
async function glbJoints(glb: Uint8Array): Promise<Map<string, V3>> {
  const { model: m } = await readModel(glb, 'rigged.glb');
  const skel = m.skeleton!;
  const world = restWorld(skel);
  return new Map(skel.names.map((n, j) => [n, [world.position[j * 3], world.position[j * 3 + 1], world.position[j * 3 + 2]] as V3]));
}

/** Summed weight change over the vertices whose joint sets or weights differ (same vertex order in both GLBs). */
async function weightChange(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [ma, mb] = [(await readModel(a, 'a.glb')).model, (await readModel(b, 'b.glb')).model];
  let changed = 0;
  ma.parts.forEach((pa, p) => {
    const pb = mb.parts[p];
    for (let i = 0; i < pa.skinWeights!.length; i++) {
      if (pa.skinJoints![i] !== pb.skinJoints![i]) changed += pa.skinWeights![i] + pb.skinWeights![i];
      else changed += Math.abs(pa.skinWeights![i] - pb.skinWeights![i]);
    }
  });
  return changed;
}

beforeAll(async () => {
  live = await startLiveService({ workers: 1 });
  model = Buffer.from(await writeGlb(sceneFromSynthetic(syntheticCharacter('biped', { pose: 'A', accessories: false })))).toString('base64');
  const r = await rigAndWait({ model_base64: model, filename: 'biped.glb' });
  plain = r;
}, 60_000);
afterAll(() => live.close());

describe('POST /v1/rigs with joints (issue 14)', () => {
  it('refuses unknown names, wrong arity and non-finite numbers with 400 invalid_request naming the joint, at no cost', async () => {
    const before = await balance();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ joints: { LeftKnee: [0, 0.5, 0] } }, /joints: unknown joint 'LeftKnee'.*LeftLeg/],
      [{ bone_naming: 'unreal', joints: { LeftLeg: [0, 0.5, 0] } }, /unknown joint 'LeftLeg'.*calf_l/],
      [{ joints: { LeftHandIndex1: [0, 0.5, 0] } }, /unknown joint 'LeftHandIndex1'/], // fingers not asked
      [{ rig_type: 'quadruped', joints: { LeftLeg: [0, 0.5, 0] } }, /unknown joint 'LeftLeg'/],
      [{ joints: { LeftLeg: [0, 0.5] } }, /joints\.LeftLeg/],
      [{ joints: { LeftLeg: [0, 0.5, 0, 1] } }, /joints\.LeftLeg/],
      [{ joints: { LeftLeg: [0, '0.5', 0] } }, /joints\.LeftLeg/],
      [{ joints: { LeftLeg: [0, null, 0] } }, /joints\.LeftLeg/],
    ];
    for (const [extra, message] of cases) {
      const res = await live.request('POST', '/v1/rigs', { model_base64: model, filename: 'biped.glb', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
      expect(res.json.error.message).toMatch(message);
    }
    // 1e999 is valid JSON that parses to Infinity.
    const raw = await fetch(`${live.service.baseUrl}/v1/rigs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live.key}`, 'content-type': 'application/json' },
      body: `{"model_base64":"${model}","filename":"biped.glb","joints":{"Head":[0,1e999,0]}}`,
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { message: string } }).error.message).toMatch(/joints\.Head/);
    expect(await balance()).toBe(before);
  });

  it('keeps given joints within 1 mm in the written GLB, lists them in the report, and re-skins', async () => {
    const knee = position(plain.report, 'LeftLeg').map((v, a) => v + [0, 0.06, 0.04][a]) as V3;
    const r = await rigAndWait({ model_base64: model, filename: 'biped.glb', joints: { LeftLeg: knee } });
    expect(r.cost).toBe(20);
    expect(dist((await glbJoints(r.glb)).get('LeftLeg')!, knee)).toBeLessThan(1e-3);
    expect(r.report.given).toEqual(['LeftLeg']);
    expect(r.report.joints.find((j) => j.name === 'LeftLeg')).toMatchObject({ source: 'given', confidence: 1 });
    expect(r.report.joints.find((j) => j.name === 'RightLeg')!.source).toBe('fitted');
    expect(dist(position(r.report, 'LeftFoot'), position(plain.report, 'LeftFoot'))).toBeLessThan(1e-6);
    expect(await weightChange(plain.glb, r.glb)).toBeGreaterThan(5);
  }, 60_000);

  it('refuses at submission, at no cost, a position outside the new model\'s bounding box (the model read in a child process)', async () => {
    const before = await balance();
    const jobsBefore = (await live.service.store.jobs.list({ accountId: live.accountId, limit: 1, offset: 0 })).total;
    const res = await live.request('POST', '/v1/rigs', { model_base64: model, filename: 'biped.glb', joints: { LeftLeg: [0, 5, 0] } });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.error.code).toBe('invalid_request');
    expect(res.json.error.message).toMatch(/joints\.LeftLeg: y = 5 lies outside the model's bounding box/);
    expect(await balance()).toBe(before);
    expect((await live.service.store.jobs.list({ accountId: live.accountId, limit: 1, offset: 0 })).total).toBe(jobsBefore);
    // Rotated 90 degrees, the model's x range becomes its z range: the same joint is checked in that frame.
    const rotated = await live.request('POST', '/v1/rigs', { model_base64: model, filename: 'biped.glb', rotation_y: 90, joints: { LeftLeg: [0, 5, 0] } });
    expect(rotated.status).toBe(400);
    expect(rotated.json.error.message).toMatch(/after rotation_y/);
  }, 60_000);
});

describe('the studio\'s live skin (reskin) from a downloaded rig', () => {
  it('re-skins the GLB\'s own mesh with the report\'s skeleton to the GLB\'s own weights, and a moved knee to the correction\'s', async () => {
    const { model: m } = await readModel(plain.glb, 'rigged.glb');
    const state = prepareSkinState(mergeParts(m), 'fast', 0); // the GLB is already in the frame after rotation_y
    const names = plain.report.joints.map((j) => j.name);
    expect(m.skeleton!.names).toEqual(names);
    const skeleton = (moved: Record<string, V3> = {}) => ({
      positions: Float64Array.from(plain.report.joints.flatMap((j) => moved[j.name] ?? j.position)),
      parents: Int32Array.from(plain.report.joints.map((j) => (j.parent === null ? -1 : names.indexOf(j.parent)))),
      deform: plain.report.joints.map((j) => j.deform),
      leafTips: new Map(plain.report.joints.flatMap((j, i) => (j.tip ? [[i, j.tip] as const] : []))),
    });
    /** Per vertex, the same influences (joint -> weight; the writer packs non-zero slots first). */
    const sameAs = async (weights: { joints: Uint16Array; weights: Float32Array }, glb: Uint8Array): Promise<void> => {
      const { model: g } = await readModel(glb, 'g.glb');
      const influences = (j: ArrayLike<number>, w: ArrayLike<number>, o: number): Map<number, number> => {
        const m = new Map<number, number>();
        for (let k = 0; k < 4; k++) if (w[o + k] > 0) m.set(j[o + k], (m.get(j[o + k]) ?? 0) + w[o + k]);
        return m;
      };
      let v = 0, worst = 0;
      for (const part of g.parts)
        for (let i = 0; i < part.skinWeights!.length; i += 4, v += 4) {
          const a = influences(part.skinJoints!, part.skinWeights!, i), b = influences(weights.joints, weights.weights, v);
          expect([...a.keys()].sort(), `vertex ${v / 4}`).toEqual([...b.keys()].sort());
          for (const [j, w] of a) worst = Math.max(worst, Math.abs(w - b.get(j)!));
        }
      expect(v).toBe(weights.weights.length);
      expect(worst).toBeLessThan(1e-3);
    };
    await sameAs(reskin(state, skeleton()), plain.glb);
    const knee = position(plain.report, 'LeftLeg').map((v, a) => v + [0, 0.06, 0.04][a]) as V3;
    const corrected = await rigAndWait({ from_job: plain.id, joints: { LeftLeg: knee } });
    await sameAs(reskin(state, skeleton({ LeftLeg: knee })), corrected.glb);
  }, 60_000);
});

describe('corrections: from_job naming a succeeded rig job, plus joints (issue 14)', () => {
  it('re-rigs the corrected job\'s input with the edits for 1 credit, keeping its options and earlier edits', async () => {
    const knee = position(plain.report, 'LeftLeg').map((v, a) => v + [0.01, 0.05, 0.03][a]) as V3;
    const first = await rigAndWait({ from_job: plain.id, joints: { LeftLeg: knee } });
    expect(first.cost).toBe(1);
    expect(first.report.corrects).toBe(plain.id);
    expect(dist((await glbJoints(first.glb)).get('LeftLeg')!, knee)).toBeLessThan(1e-3);
    // Same input (not the rigged output): the same vertex count, the other joints where the plain rig had them.
    expect(dist(position(first.report, 'RightLeg'), position(plain.report, 'RightLeg'))).toBeLessThan(1e-6);
    expect(await weightChange(plain.glb, first.glb)).toBeGreaterThan(5);

    // A correction of the correction keeps the knee given before.
    const knee2 = position(plain.report, 'RightLeg').map((v, a) => v + [-0.01, 0.05, 0.03][a]) as V3;
    const second = await rigAndWait({ from_job: first.id, joints: { RightLeg: knee2 } });
    expect(second.cost).toBe(1);
    expect(second.report.given.sort()).toEqual(['LeftLeg', 'RightLeg']);
    const joints = await glbJoints(second.glb);
    expect(dist(joints.get('LeftLeg')!, knee)).toBeLessThan(1e-3);
    expect(dist(joints.get('RightLeg')!, knee2)).toBeLessThan(1e-3);

    // Switching the fast rig to pro is not what was paid for: a pro rig's price.
    const pro = await rigAndWait({ from_job: plain.id, joints: { LeftLeg: knee }, engine: 'pro' });
    expect(pro.cost).toBe(31);
    expect(dist((await glbJoints(pro.glb)).get('LeftLeg')!, knee)).toBeLessThan(1e-3);
  }, 60_000);

  it('refuses at submission, at no cost, a correction whose joint lies outside the model (bounds from the corrected rig\'s report)', async () => {
    const before = await balance();
    const res = await live.request('POST', '/v1/rigs', { from_job: plain.id, joints: { LeftHand: [3, 1, 0] } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('invalid_request');
    expect(res.json.error.message).toMatch(/joints\.LeftHand: x = 3 lies outside the model's bounding box/);
    expect(await balance()).toBe(before);
    // Unknown names are checked against the corrected rig's options (biped, mixamo).
    const unknown = await live.request('POST', '/v1/rigs', { from_job: plain.id, joints: { calf_l: [0, 0.5, 0] } });
    expect(unknown.json.error.message).toMatch(/unknown joint 'calf_l'/);
  });

  it('is 403 forbidden for another account\'s rig job and 400 for a rig job that did not succeed', async () => {
    const other = await createAccount(live.service.store, { plan: 'pro', credits: 100, rateLimitPerMinute: 100_000 });
    const before = (await live.service.store.credits.balance(other.account.id)).total;
    const res = await fetch(`${live.service.baseUrl}/v1/rigs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.key.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from_job: plain.id, joints: { LeftLeg: position(plain.report, 'LeftLeg') } }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect((await live.service.store.credits.balance(other.account.id)).total).toBe(before);

    // A tail joint given for a biped without a tail fails the job in the worker (inside the bounds, so accepted).
    const inside = position(plain.report, 'Hips');
    const failing = await live.request('POST', '/v1/rigs', { model_base64: model, filename: 'biped.glb', joints: { Tail: inside } });
    expect(failing.status, JSON.stringify(failing.json)).toBe(202);
    expect((await live.waitForJob(failing.json.id, 60_000)).status).toBe('failed');
    const refused = await live.request('POST', '/v1/rigs', { from_job: failing.json.id, joints: { LeftLeg: position(plain.report, 'LeftLeg') } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('invalid_request');
    expect(refused.json.error.message).toMatch(/from_job: rig job .* is failed/);
  }, 60_000);
});
