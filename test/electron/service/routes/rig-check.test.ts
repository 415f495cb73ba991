import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGlb } from '../../../../shared/mesh/write-glb';
import { syntheticCharacter, type SyntheticOptions } from '../../../../shared/rig/synthetic/characters';
import type { RigType } from '../../../../shared/rig/types';
import { corpusPath, describeWithCorpus } from '../../../support/corpus';
import { boxObjBase64, PLY_FILE } from '../../../support/meshes';
import { buildTestApp, type TestApp } from '../../../support/service';
import { sceneFromSynthetic } from '../../../support/synthetic-scene';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const check = (auth: Record<string, string>, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/rigs/check', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

async function syntheticGlbBase64(plan: RigType, opts: SyntheticOptions = {}): Promise<string> {
  return Buffer.from(await writeGlb(sceneFromSynthetic(syntheticCharacter(plan, opts)))).toString('base64');
}

const balance = async (id: string) => (await t.store.credits.balance(id)).total;

describe('POST /v1/rigs/check (the free pre-check)', () => {
  it('answers 200 with the suggested plan, rotation, pose, counts and warnings, at no cost', async () => {
    const a = await t.account();
    const before = await balance(a.id);
    const character = syntheticCharacter('quadruped', { rotationY: 90 });
    const res = await check(a.auth, { model_base64: await syntheticGlbBase64('quadruped', { rotationY: 90 }), filename: 'dog.glb' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      object: 'rig_check',
      suggested_rig_type: 'quadruped',
      suggested_rotation_y: 90,
      rotation_y: 0,
      pose: 'unknown',
      arm_angle_degrees: null,
      triangles: character.mesh.indices.length / 3,
      parts: character.partNames.length,
      pieces: 1,
      largest_piece_share: 1,
      open_edges: 0,
    });
    expect(body.vertices).toBeGreaterThan(0);
    expect(Object.keys(body.scores).sort()).toEqual(['aquatic', 'avian', 'biped', 'hexapod', 'octopod', 'others', 'quadruped', 'serpentine']);
    expect(body.scores.quadruped).toBe(Math.max(...(Object.values(body.scores) as number[])));
    expect(body.warnings.map((w: { code: string }) => w.code)).toEqual(['facing']);
    expect(body.warnings[0].message).toMatch(/rotation_y=90/);
    expect(body.seconds).toBeGreaterThan(0);
    expect(body.seconds).toBeLessThan(10);
    // Free, counted by the rate limiter, and no job created.
    expect(await balance(a.id)).toBe(before);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(Number(res.headers['x-ratelimit-limit']));
    const jobs = await t.app.inject({ method: 'GET', url: '/v1/jobs', headers: a.auth });
    expect(jobs.json().jobs).toEqual([]);
  });

  it('analyses the model as rotated by rotation_y, and reads a biped pose', async () => {
    const a = await t.account();
    const res = await check(a.auth, { model_base64: await syntheticGlbBase64('biped', { pose: 'A', rotationY: -90 }), filename: 'a.glb', rotation_y: -90 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ suggested_rig_type: 'biped', suggested_rotation_y: -90, rotation_y: -90, pose: 'a_pose' });
    expect(res.json().warnings.map((w: { code: string }) => w.code)).not.toContain('facing');
  });

  it('reads OBJ like POST /v1/rigs (a box: the counts)', async () => {
    const a = await t.account();
    const res = await check(a.auth, { model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ triangles: 12, vertices: 8, parts: 1, open_edges: 0 });
  });

  it.each([
    ['no model source', {}, /exactly one model source/],
    ['two sources', { model_base64: boxObjBase64(), from_job: 'x' }, /got model_base64 and from_job/],
    ['a billable field', { model_base64: boxObjBase64(), filename: 'box.obj', rig_type: 'biped' }, /unknown field 'rig_type'/],
    ['an unknown job', { from_job: '00000000-0000-4000-8000-000000000000' }, /from_job: no job with id/],
    ['a rotation sent as text', { model_base64: boxObjBase64(), rotation_y: '90' }, /rotation_y/],
    ['bad base64', { model_base64: '@@@' }, /model_base64/],
  ])('refuses %s with 400 invalid_request', async (_label, body, message) => {
    const a = await t.account();
    const res = await check(a.auth, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(message);
  });

  it.each([
    ['PLY', Buffer.from(PLY_FILE), 'scan.ply', /PLY/],
    ['a corrupt GLB', Buffer.concat([Buffer.from('glTF'), Buffer.alloc(40, 7)]), 'broken.glb', /./],
  ])('refuses %s with 400 unsupported_format', async (_label, data, filename, message) => {
    const a = await t.account();
    const before = await balance(a.id);
    const res = await check(a.auth, { model_base64: data.toString('base64'), filename });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unsupported_format');
    expect(res.json().error.message).toMatch(message);
    expect(await balance(a.id)).toBe(before);
  });

  it('needs a key (401) like every /v1 route', async () => {
    const res = await check({}, { model_base64: boxObjBase64(), filename: 'box.obj' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('runs at most 2 checks at once: a third at the same time gets 503 backend_unavailable', async () => {
    const a = await t.account();
    const body = { model_base64: await syntheticGlbBase64('biped'), filename: 'b.glb' };
    const answers = await Promise.all([check(a.auth, body), check(a.auth, body), check(a.auth, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 503]);
    const busy = answers.find((r) => r.statusCode === 503)!;
    expect(busy.json().error).toMatchObject({ code: 'backend_unavailable', message: expect.stringMatching(/at most 2 at once/) });
    // The slots are free again once the checks have answered.
    expect((await check(a.auth, body)).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its request and answer schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/v1/rigs/check'].post;
    expect(op.summary).toMatch(/Check a mesh/);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429', '503']));
    expect(doc.components.schemas.RigCheck.properties.suggested_rig_type.description).toMatch(/body plan/);
    expect(Object.keys(doc.components.schemas.RigCheckRequest.properties).sort()).toEqual(['filename', 'from_job', 'model_base64', 'model_url', 'rotation_y']);
  });
});

describeWithCorpus('POST /v1/rigs/check on the Mesh2Motion corpus characters', () => {
  const expected: [string, RigType][] = [
    ['model-human.glb', 'biped'], ['human-a-pose.glb', 'biped'], ['human-small.glb', 'biped'], ['model-kaiju.glb', 'biped'],
    ['model-fox.glb', 'quadruped'], ['model-horse.glb', 'quadruped'], ['model-snake.glb', 'serpentine'],
    ['model-shark.glb', 'aquatic'], ['model-spider.glb', 'octopod'], ['model-bird.glb', 'avian'], ['model-dragon.glb', 'avian'],
  ];
  it.each(expected)('%s: suggests %s, facing +Z already', async (file, plan) => {
    const a = await t.account();
    const data = readFileSync(corpusPath('characters', 'mesh2motion', 'unrigged', file));
    const res = await check(a.auth, { model_base64: data.toString('base64'), filename: file });
    expect(res.statusCode).toBe(200);
    expect(res.json().suggested_rig_type).toBe(plan);
    expect(res.json().suggested_rotation_y).toBe(0);
    if (file === 'human-a-pose.glb') expect(res.json().pose).toBe('a_pose');
    if (file === 'model-human.glb') expect(res.json().pose).toBe('t_pose');
  });
});
