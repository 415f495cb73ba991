/**
 * The built studio in Chromium against a real service (temp data folder, random port, one
 * worker): every page, rigging a corpus mesh, the 3D views (compared by pixels), clips, skin
 * weights, catalog search and preview, generation, keys, and a refused file's error message.
 * Screenshots of every page go to test-results/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installBuiltinCatalog } from '../../electron/service/catalog/builtin-catalog';
import { builtinOperations } from '../../electron/workers/operations/registry';
import { corpusPath, hasCorpus } from '../support/corpus';
import { restWorld } from '../../shared/anim/pose';
import { mergeParts } from '../../shared/mesh/merge';
import { readModel } from '../../shared/mesh/read-model';
import { lineHits } from '../../shared/mesh/line-hits';
import { chromiumAvailable, launchChromium } from './support/browser';
import { changedFraction, dominantColour, grab, grabFrames, motion, unlikeInBox } from './support/pixels';
import { ROOT, startStudioService, type StudioService } from './support/studio-service';

const SHOTS = path.join(ROOT, 'test-results/screenshots');
const canRun = chromiumAvailable();
// CI installs Chromium (.ci/run): there a missing browser is a failure, not a silent skip.
if (!canRun && process.env.CI) throw new Error('e2e: /usr/bin/chromium not found; install Debian\'s chromium package');
if (!canRun) console.warn('e2e: /usr/bin/chromium not found; studio end-to-end tests are skipped');

let service: StudioService;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function open(link: string): Promise<void> {
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** The visible 3D view of the page (its canvas). */
const canvas = () => page.locator('.viewer canvas').first();

describe.skipIf(!canRun)('studio end to end', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    service = await startStudioService();
    // Real catalog content: a slice of the built-in CC0 packs, built by the catalog code.
    let n = 0;
    await installBuiltinCatalog(service.store, undefined, () => n++ < 24);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) consoleErrors.push(m.text());
    });
    await page.goto(service.studioUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.dispose();
  });

  it('takes the studio key from the URL fragment and removes it from the address bar', async () => {
    await page.getByRole('button', { name: 'Rig', exact: true }).waitFor();
    expect(page.url()).not.toContain('key=');
    expect(page.url()).toMatch(/#\/rig$/);
    for (const name of ['Rig', 'Generate', 'Catalog', 'Animations', 'Jobs', 'Account']) {
      await expect(page.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    }
  });

  it.skipIf(!hasCorpus)('Rig page: labelled controls, a live rotation preview of a corpus mesh', async () => {
    for (const [role, name] of [['combobox', 'Body plan'], ['combobox', 'Engine'], ['spinbutton', 'Rotation'], ['checkbox', 'Fingers'], ['combobox', 'Output format'], ['button', 'Rig']] as const) {
      expect(await page.getByRole(role, { name, exact: true }).count(), `${role} ${name}`).toBe(1);
    }
    const empty = await grab(canvas());
    await page.getByLabel('Model file').setInputFiles(corpusPath('characters/mesh2motion/unrigged/model-fox.glb'));
    await page.getByText(/triangles/).waitFor({ timeout: 180_000 });
    await page.waitForTimeout(500);
    const fox = await grab(canvas());
    expect(changedFraction(empty, fox)).toBeGreaterThan(0.01);
    await page.getByRole('button', { name: 'Rotate 90°' }).click();
    expect(await page.getByRole('spinbutton', { name: 'Rotation' }).inputValue()).toBe('90');
    await page.waitForTimeout(500);
    expect(changedFraction(fox, await grab(canvas()))).toBeGreaterThan(0.005);
    await page.getByRole('button', { name: 'Reset rotation' }).click();
    await shot('rig-source');
  });

  it.skipIf(!hasCorpus)('plays a clip and shows the skin weights of a bone as a heat map (KayKit Knight, 76 clips)', async () => {
    await page.getByLabel('Model file').setInputFiles(corpusPath('characters/kaykit/Knight.glb'));
    await page.getByText(/76 clips/).waitFor({ timeout: 300_000 });
    await page.waitForTimeout(500);
    const rest = await grab(canvas());
    const clipSelect = page.getByLabel('Clip', { exact: true });
    const labels = await clipSelect.locator('option').allTextContents();
    const walk = labels.findIndex((l) => l.startsWith('Walking_A'));
    await clipSelect.selectOption({ index: walk > 0 ? walk : 10 });
    await page.waitForTimeout(1500);
    const clipMotion = motion(rest, await grabFrames(canvas(), 5, 230));
    expect(clipMotion.fromReference, 'pose differs from rest').toBeGreaterThan(0.002);
    expect(clipMotion.betweenFrames, 'the clip is playing').toBeGreaterThan(0.001);
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await grab(canvas());
    await page.getByLabel('Weights of bone').selectOption({ label: 'chest' });
    await page.waitForTimeout(800);
    expect(changedFraction(paused, await grab(canvas())), 'heat map recolours the mesh').toBeGreaterThan(0.01);
    await shot('rig-clip-weights');
  });

  it('shows the service error message for a refused file', async () => {
    await page.getByLabel('Model file').setInputFiles({ name: 'broken.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from('glTF this is not a real file') });
    await page.getByRole('button', { name: 'Rig', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'unsupported_format' }).first();
    await alert.waitFor({ timeout: 60_000 });
    expect((await alert.textContent())!.length).toBeGreaterThan(20);
    await shot('rig-error');
    for (const b of await page.getByRole('button', { name: 'Dismiss' }).all()) await b.click();
  });

  it.skipIf(!hasCorpus || !builtinOperations().rig)('rigs a corpus mesh and shows the skinned result', async () => {
    await open('Rig');
    await page.getByLabel('Model file').setInputFiles(corpusPath('characters/mesh2motion/unrigged/model-human.glb'));
    // Wait for this file's own stats: the previous test's model also shows "triangles".
    await page.getByText(/13,757 triangles/).waitFor({ timeout: 120_000 });
    await page.getByRole('combobox', { name: 'Body plan' }).selectOption('biped');
    // Bake two library clips into the result (fast engine, 10 credits each).
    const clipsToBake = page.getByRole('group', { name: 'Clips to bake' });
    await clipsToBake.getByRole('checkbox', { name: /^walk/ }).check();
    await clipsToBake.getByRole('checkbox', { name: /^wave/ }).check();
    await expect(page.getByText('40 credits').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Rig', exact: true }).click();
    await page.getByRole('progressbar').or(page.getByText(/Done in|Failed/)).first().waitFor({ timeout: 60_000 });
    await shot('rig-progress');
    const result = page.getByRole('tab', { name: 'Result' });
    await page
      .locator('[role=tab]:not([disabled])', { hasText: 'Result' })
      .or(page.locator('.job-strip .badge-failed'))
      .first()
      .waitFor({ timeout: 540_000 });
    const failure = await page.locator('.job-strip .error-text').textContent().catch(() => null);
    expect(await result.isEnabled(), `rig job failed: ${failure}`).toBe(true);
    await page.locator('.viewer-stats', { hasText: /\d+ bones/ }).waitFor({ timeout: 120_000 });
    const stats = await page.locator('.viewer-stats').textContent();
    expect(Number(/(\d+) bones/.exec(stats!)![1])).toBeGreaterThan(10);
    expect(stats).toContain('2 clips');
    // The baked walk plays on the rigged character.
    await page.waitForTimeout(500);
    const restPose = await grab(canvas());
    const viewerClip = page.getByLabel('Clip', { exact: true });
    const baked = await viewerClip.locator('option').allTextContents();
    await viewerClip.selectOption({ index: baked.findIndex((l) => l.startsWith('walk')) });
    await page.waitForTimeout(1200);
    const walkMotion = motion(restPose, await grabFrames(canvas(), 5, 230));
    expect(walkMotion.fromReference, 'the walk moves the rigged character').toBeGreaterThan(0.002);
    expect(walkMotion.betweenFrames, 'the walk is playing').toBeGreaterThan(0.001);
    await shot('rig-result-walk');
    await page.getByRole('button', { name: 'Pause' }).click();
    await viewerClip.selectOption({ index: 0 });
    await page.waitForTimeout(500);
    const rigged = await grab(canvas());
    const raw = await sharp(await canvas().screenshot()).stats();
    expect(raw.channels.some((c) => c.stdev > 8), 'result view is not blank').toBe(true);
    await page.getByLabel('Weights of bone').selectOption({ index: 3 });
    await page.waitForTimeout(800);
    expect(changedFraction(rigged, await grab(canvas()))).toBeGreaterThan(0.005);
    await expect(page.getByRole('link', { name: /Download GLB/ }).count()).resolves.toBe(1);
    await shot('rig-result');
  });

  it.skipIf(!hasCorpus || !builtinOperations().rig)('Edit joints: a knee dragged with symmetry moves both knees, snap puts a joint inside the mesh, undo restores it, Apply writes the moved joints', async () => {
    // Follows the previous test: the corpus human is rigged and its result shown.
    type V3 = [number, number, number];
    const panel = page.getByRole('region', { name: 'Edit joints' });
    const positions = async () => JSON.parse((await panel.getAttribute('data-joint-positions'))!) as Record<string, V3>;
    const screen = async () => JSON.parse((await canvas().getAttribute('data-joint-screen')) ?? '{}') as Record<string, [number, number]>;
    const skinUpdates = async () => Number(await panel.getAttribute('data-skin-updates'));
    await page.getByRole('button', { name: 'Edit joints' }).click();
    await page.locator('[data-live-skin=ready]').waitFor({ timeout: 120_000 });
    await expect.poll(skinUpdates, { timeout: 60_000 }).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Front', exact: true }).click();
    await page.waitForTimeout(600);
    const box = (await canvas().boundingBox())!;
    const drag = async (joint: string, dx: number, dy: number) => {
      await expect.poll(async () => (await screen())[joint], { timeout: 10_000 }).toBeTruthy();
      const [x, y] = (await screen())[joint];
      await page.mouse.move(box.x + x, box.y + y);
      await page.mouse.down();
      for (let i = 1; i <= 5; i++) await page.mouse.move(box.x + x + (dx * i) / 5, box.y + y + (dy * i) / 5);
      await page.mouse.up();
      await page.waitForTimeout(300);
    };
    const original = await positions();
    const bounds = { minX: Infinity, maxX: -Infinity };
    for (const p of Object.values(original)) [bounds.minX, bounds.maxX] = [Math.min(bounds.minX, p[0]), Math.max(bounds.maxX, p[0])];

    // 1. Symmetry is on by default: the right knee follows the left one, mirrored.
    const updatesBefore = await skinUpdates();
    await drag('LeftLeg', 14, -12);
    const moved = await positions();
    expect(moved.LeftLeg, 'the dragged knee moved').not.toEqual(original.LeftLeg);
    expect(moved.RightLeg, 'its twin moved').not.toEqual(original.RightLeg);
    expect(moved.LeftLeg[1]).toBeCloseTo(moved.RightLeg[1], 6);
    expect(moved.LeftLeg[2]).toBeCloseTo(moved.RightLeg[2], 6);
    expect(moved.LeftLeg[1], 'dragged up on the screen').toBeGreaterThan(original.LeftLeg[1]);
    // Mirrored across one plane: the knees' x sum is the same before and after.
    expect(moved.LeftLeg[0] + moved.RightLeg[0]).toBeCloseTo(original.LeftLeg[0] + original.RightLeg[0], 2);
    expect(moved.Hips).toEqual(original.Hips);
    await expect.poll(skinUpdates, { timeout: 30_000 }).toBeGreaterThan(updatesBefore);
    await page.waitForTimeout(300);
    await shot('rig-edit-joints');
    // The live skin keeps the body whole: in the front view of the T-posed human, nothing is drawn
    // between each arm and leg (re-skin weights written over vertex positions once drew a dark shard there).
    const frame = await grab(canvas());
    const onScreen = await screen();
    const backdrop = dominantColour(frame);
    const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
    for (const side of ['Left', 'Right']) {
      const [hip, hand, arm, knee] = ['UpLeg', 'Hand', 'Arm', 'Leg'].map((j) => onScreen[side + j]);
      const xs = [lerp(hip[0], hand[0], 0.4), lerp(hip[0], hand[0], 0.9)].sort((a, b) => a - b);
      expect(unlikeInBox(frame, [xs[0], lerp(arm[1], knee[1], 0.3), xs[1], knee[1]], backdrop), `${side}: drawn between arm and leg`).toBeLessThan(0.02);
    }

    // 2. Snap to centre: an elbow pushed out of the arm along the view lands inside the mesh.
    const rigged = await readModel(new Uint8Array(await (await fetch(await page.getByRole('link', { name: /Download GLB/ }).getAttribute('href').then((h) => new URL(h!, service.studioUrl).href))).arrayBuffer()), 'rigged.glb');
    const mesh = mergeParts(rigged.model);
    const inside = (p: V3) => lineHits(mesh.positions, mesh.indices, p, [0, 1, 0]).filter((t) => t > 0).length % 2 === 1;
    await panel.getByRole('checkbox', { name: 'Snap to centre' }).check();
    const beforeSnap = await positions();
    await drag('LeftForeArm', 3, 0);
    const snapped = await positions();
    expect(snapped.LeftForeArm, 'the elbow moved').not.toEqual(beforeSnap.LeftForeArm);
    expect(inside(snapped.LeftForeArm), `snapped elbow ${snapped.LeftForeArm} is inside the mesh`).toBe(true);

    // 3. Undo restores it; redo and undo again.
    await panel.getByRole('button', { name: 'Undo' }).click();
    expect((await positions()).LeftForeArm).toEqual(beforeSnap.LeftForeArm);
    await panel.getByRole('button', { name: 'Redo' }).click();
    expect((await positions()).LeftForeArm).toEqual(snapped.LeftForeArm);
    await panel.getByRole('button', { name: 'Undo' }).click();
    const applied = await positions();
    expect(applied.LeftForeArm).toEqual(beforeSnap.LeftForeArm);

    // 4. Apply: a 1-credit correction; its GLB has the knees where they were dragged.
    type JobRow = { id: string; status: string; output?: { model_url: string } };
    const rigJobs = async () => ((await (await fetch(`${service.baseUrl}/v1/jobs?operation=rig&limit=100`, { headers: { Authorization: `Bearer ${service.studioKey}` } })).json()) as { jobs: JobRow[] }).jobs;
    const jobsBefore = (await rigJobs()).map((j) => j.id);
    await panel.getByRole('button', { name: /^Apply/ }).click();
    let job: JobRow | undefined;
    await expect.poll(async () => {
      job = (await rigJobs()).find((j) => !jobsBefore.includes(j.id));
      return job?.status;
    }, { timeout: 540_000, interval: 2000 }).toBe('succeeded');
    await page.getByRole('button', { name: /\(corrected\)/ }).waitFor();
    const glb = new Uint8Array(await (await fetch(job!.output!.model_url, { headers: { Authorization: `Bearer ${service.studioKey}` } })).arrayBuffer());
    const { model } = await readModel(glb, 'corrected.glb');
    const world = restWorld(model.skeleton!);
    const at = (name: string): V3 => {
      const j = model.skeleton!.names.indexOf(name);
      return [world.position[j * 3], world.position[j * 3 + 1], world.position[j * 3 + 2]];
    };
    for (const name of ['LeftLeg', 'RightLeg']) at(name).forEach((v, k) => expect(Math.abs(v - applied[name][k]), `${name}[${k}]`).toBeLessThan(0.001));
    // The studio shows the corrected rig.
    await page.locator('.viewer-stats', { hasText: /\d+ bones/ }).waitFor({ timeout: 120_000 });
    await shot('rig-edit-applied');
  });

  it('Generate: cut-out preview of a dropped image', async () => {
    await open('Generate');
    // A subject on a plain backdrop, drawn by sharp (an SVG rasterised to PNG).
    const png = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f4f4f0"/><circle cx="128" cy="90" r="40" fill="#c0392b"/><rect x="88" y="130" width="80" height="100" rx="12" fill="#2c3e50"/></svg>')).png().toBuffer();
    await page.getByLabel('Image file').setInputFiles({ name: 'robot.png', mimeType: 'image/png', buffer: png });
    const caption = page.getByText(/Cut-out · subject \d+%/);
    await caption.waitFor({ timeout: 60_000 });
    const pct = Number(/(\d+)%/.exec((await caption.textContent())!)![1]);
    expect(pct).toBeGreaterThan(10);
    expect(pct).toBeLessThan(40);
    await shot('generate');
  });

  it('Generate: generates a model and sends it to Rig (when the service has generation)', async (ctx) => {
    const probe = await fetch(`${service.baseUrl}/v1/models`, { method: 'POST', headers: { Authorization: `Bearer ${service.studioKey}`, 'Content-Type': 'application/json' }, body: '{}' });
    if (probe.status === 404 || !builtinOperations().generate_model) {
      ctx.skip(true, 'POST /v1/models or the generate_model operation is not in this build yet');
      return;
    }
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.getByRole('button', { name: 'Send to Rig' }).or(page.locator('.error-text')).first().waitFor({ timeout: 540_000 });
    await shot('generate-result');
    await page.getByRole('button', { name: 'Send to Rig' }).click();
    await page.getByText(/\(generated\)/).waitFor();
    expect(page.url()).toMatch(/#\/rig$/);
  });

  it('Catalog: search, open a 3D preview with details', async () => {
    await open('Catalog');
    const cards = page.locator('.asset-card');
    await cards.first().waitFor({ timeout: 60_000 });
    const before = Number((/([\d,]+) matching/.exec((await page.getByText(/matching/).textContent())!)![1]).replace(/,/g, ''));
    const firstName = (await cards.first().locator('.asset-name').textContent())!;
    const term = firstName.split(/\s+/)[0].toLowerCase();
    await page.getByRole('searchbox', { name: 'Search' }).fill(term);
    await page.getByText(/\d+ matching/).waitFor();
    await page.waitForTimeout(600); // debounce, then the filtered first page
    const after = Number((/([\d,]+) matching/.exec((await page.getByText(/matching/).textContent())!)![1]).replace(/,/g, ''));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
    await expect(cards.filter({ hasText: firstName }).count()).resolves.toBeGreaterThan(0);
    await cards.first().click();
    const preview = page.getByRole('complementary', { name: /Preview of/ });
    await preview.getByText(/triangles/).waitFor({ timeout: 120_000 });
    await expect(preview.getByText('CC0-1.0').count()).resolves.toBe(1);
    await page.waitForTimeout(500);
    const view = await sharp(await preview.locator('canvas').screenshot()).stats();
    expect(view.channels.some((c) => c.stdev > 8), 'preview is not blank').toBe(true);
    await shot('catalog');
  });

  it('Animations and Jobs pages list their content', async () => {
    await open('Animations');
    await page.locator('.count', { hasText: /\d+ clips/ }).waitFor({ timeout: 30_000 });
    // The selected clip plays on a sample character of its body plan.
    await page.locator('.viewer-stats', { hasText: /\d+ bones/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(800);
    const clipView = await sharp(await canvas().screenshot()).stats();
    expect(clipView.channels.some((c) => c.stdev > 8), 'clip preview is not blank').toBe(true);
    await shot('animations');
    await open('Jobs');
    await page.locator('.count', { hasText: /\d+ jobs/ }).waitFor({ timeout: 30_000 });
    const rows = page.locator('.jobs-table tbody tr');
    if ((await rows.count()) > 0) {
      await rows.first().click();
      const detail = page.getByRole('complementary', { name: /Job / });
      await detail.waitFor();
      await detail.locator('.viewer-stats', { hasText: /triangles/ }).waitFor({ timeout: 60_000 });
      await page.waitForTimeout(800);
      const resultView = await sharp(await detail.locator('canvas').screenshot()).stats();
      expect(resultView.channels.some((c) => c.stdev > 8), 'job result preview is not blank').toBe(true);
    }
    await shot('jobs');
  });

  it('Account: creates a key, shows it once, and revokes it', async () => {
    await open('Account');
    await page.getByText(/credits/).first().waitFor();
    // Requests cancelled by the page itself are not errors (an aborted fetch once showed here).
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: 'Key label' }).fill('e2e tools');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByLabel('New API key').textContent())!;
    expect(key).toMatch(/^rk_live_/);
    // The new key works against the API, and the snippets now carry it.
    expect((await fetch(`${service.baseUrl}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    await expect(page.getByLabel('curl snippet').textContent()).resolves.toContain(key);
    await shot('account');
    await page.getByRole('button', { name: 'Revoke e2e tools' }).click();
    await page.locator('tr', { hasText: 'e2e tools' }).getByText('revoked').waitFor();
    expect((await fetch(`${service.baseUrl}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
    // The studio's own key cannot be revoked from the page.
    await expect(page.locator('tr', { hasText: 'This studio (temporary)' }).getByRole('button', { name: /Revoke/ }).count()).resolves.toBe(0);
  });

  it.skipIf(!hasCorpus)('Catalog: imports a CC0 pack folder from this machine', async () => {
    await open('Catalog');
    const totalOf = async () => Number((/([\d,]+) CC0 assets/.exec((await page.locator('.subtitle').textContent())!)![1]).replace(/,/g, ''));
    await page.getByText(/CC0 assets in/).waitFor();
    const before = await totalOf();
    await page.getByText('Import a pack').click();
    await page.getByRole('textbox', { name: 'Pack path' }).fill(corpusPath('props/kenney_mini_arena'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.locator('.import [role=status]', { hasText: /assets imported/ }).or(page.locator('.import [role=alert]'));
    await done.waitFor({ timeout: 300_000 });
    const text = (await done.textContent())!;
    expect(text, 'import refused').toMatch(/(\d+) assets imported/);
    const imported = Number(/(\d+) assets imported/.exec(text)![1]);
    expect(imported).toBeGreaterThan(5);
    await expect.poll(totalOf, { timeout: 30_000 }).toBe(before + imported);
    const packs = await page.getByRole('combobox', { name: 'Pack' }).locator('option').allTextContents();
    const arena = packs.find((p) => /mini.?arena/i.test(p));
    expect(arena, `pack list: ${packs.join(', ')}`).toBeTruthy();
    await page.getByRole('combobox', { name: 'Pack' }).selectOption({ label: arena! });
    await expect.poll(async () => (await page.getByText(/matching/).textContent())!.replace(/,/g, ''), { timeout: 30_000 }).toContain(`${imported} matching`);
    // The imported pack's thumbnails are served and decode (the first rows of the grid).
    await page.waitForFunction(
      // Runs in the page (this file is type-checked without DOM types).
      () => [...(globalThis as any).document.querySelectorAll('.asset-grid img')].slice(0, 14).every((i: any) => i.complete && i.naturalWidth > 0),
      undefined,
      { timeout: 60_000 },
    );
    await shot('catalog-import');
  });

  it.skipIf(!hasCorpus || !builtinOperations().rig)('Rig: a batch of dropped files rigs them all', async () => {
    await open('Rig');
    await page.getByLabel('Model file').setInputFiles([
      corpusPath('characters/mesh2motion/unrigged/human-small.glb'),
      corpusPath('characters/mesh2motion/unrigged/model-kaiju.glb'),
    ]);
    await page.getByRole('heading', { name: 'Batch · 2 files' }).waitFor({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Body plan' }).selectOption('biped');
    const clipsToBake = page.getByRole('group', { name: 'Clips to bake' });
    for (const name of [/^walk/, /^wave/]) await clipsToBake.getByRole('checkbox', { name }).uncheck();
    await page.getByRole('button', { name: 'Rig', exact: true }).click();
    const batch = page.getByRole('region', { name: 'Files to rig' });
    await expect.poll(() => batch.locator('.badge-succeeded').count(), { timeout: 300_000, interval: 1000 }).toBe(2);
    await shot('rig-batch');
  });

  it('raised no uncaught page errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
