/**
 * The Blender add-on (integrations/blender/rigdesk_blender, issue 16) in Debian's Blender 3.4, headless,
 * against a real running service: enabled from the repository, the corpus human imported and selected,
 * `bpy.ops.rigdesk.rig_selected(rig_type='biped', wait=True)` imports an armature with the rigged mesh
 * (Armature modifier, a vertex group per weighted bone, every vertex weighted) and hides the original; a
 * bad key gives a Blender error report with the service's message and changes nothing in the scene.
 * Also: `npm run build:blender-addon` writes a zip Blender installs.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blenderPath } from '../../support/blender';
import { corpusPath, hasCorpus, projectRoot } from '../../support/corpus';
import { startLiveService, type LiveService } from '../../support/running-service';
import { buildBlenderAddon } from '../../../integrations/blender/build-addon';

const run = promisify(execFile);

const DRIVER = String.raw`
import bpy, json, sys, addon_utils
args = json.loads(sys.argv[sys.argv.index('--') + 1])
try:
    import numpy
    if not hasattr(numpy, 'bool'):
        numpy.bool = bool
except ImportError:
    pass
bpy.ops.wm.read_factory_settings(use_empty=True)
sys.path.insert(0, args['addons'])
addon_utils.enable('rigdesk_blender', default_set=True)
prefs = bpy.context.preferences.addons['rigdesk_blender'].preferences
prefs.api_url = args['api']
bpy.ops.import_scene.gltf(filepath=args['model'])
meshes = [o for o in bpy.data.objects if o.type == 'MESH']
for o in bpy.data.objects:
    o.select_set(o.type == 'MESH')
bpy.context.view_layer.objects.active = meshes[0]
out = {'has_operator': hasattr(bpy.ops.rigdesk, 'rig_selected')}
names = sorted(o.name for o in bpy.data.objects)
prefs.api_key = 'rk_live_not_a_key'
try:
    bpy.ops.rigdesk.rig_selected(rig_type='biped', wait=True)
    out['bad_key'] = 'no error'
except RuntimeError as e:
    out['bad_key'] = str(e)
out['unchanged'] = sorted(o.name for o in bpy.data.objects) == names
prefs.api_key = args['key']
out['result'] = list(bpy.ops.rigdesk.rig_selected(rig_type='biped', wait=True))
arms = [o for o in bpy.data.objects if o.type == 'ARMATURE']
rigged = [o for o in bpy.data.objects if o.type == 'MESH' and any(m.type == 'ARMATURE' and m.object for m in o.modifiers)]
out['armatures'] = [{'name': a.name, 'bones': [b.name for b in a.data.bones]} for a in arms]
out['rigged'] = []
for m in rigged:
    weighted = set()
    unweighted = 0
    for v in m.data.vertices:
        ws = [g for g in v.groups if g.weight > 0]
        if not ws:
            unweighted += 1
        for g in ws:
            weighted.add(m.vertex_groups[g.group].name)
    out['rigged'].append({'name': m.name, 'parent': m.parent.name if m.parent else None, 'groups': sorted(weighted), 'unweighted': unweighted, 'verts': len(m.data.vertices)})
out['originals_hidden'] = all(o.hide_get() for o in meshes)
out['originals_kept'] = all(o.name in bpy.data.objects for o in meshes)
print('RIGDESK_RESULT ' + json.dumps(out))
`;

describe.skipIf(!blenderPath || !hasCorpus)('Blender add-on rigdesk_blender', () => {
  let live: LiveService;
  beforeAll(async () => {
    live = await startLiveService({ workers: 1 });
  }, 60_000);
  afterAll(() => live?.close());

  it('rigs the selected corpus human with wait=True and imports armature, modifier and weights; a bad key reports and changes nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rigdesk-blender-addon-'));
    const script = path.join(dir, 'driver.py');
    writeFileSync(script, DRIVER);
    const args = { addons: path.join(projectRoot, 'integrations/blender'), api: `${live.service.baseUrl}/v1`, key: live.key, model: corpusPath('characters/mesh2motion/unrigged/model-human.glb') };
    const { stdout } = await run(blenderPath!, ['-b', '--factory-startup', '--python', script, '--', JSON.stringify(args)], { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 });
    const line = stdout.split('\n').find((l) => l.startsWith('RIGDESK_RESULT '));
    expect(line, stdout.slice(-3000)).toBeTruthy();
    const out = JSON.parse(line!.slice('RIGDESK_RESULT '.length));
    expect(out.has_operator).toBe(true);
    expect(out.bad_key).toMatch(/Rigdesk: .*unauthorized/);
    expect(out.unchanged).toBe(true);
    expect(out.result).toEqual(['FINISHED']);
    expect(out.armatures).toHaveLength(1);
    expect(out.armatures[0].bones.length).toBe(25);
    expect(out.rigged.length).toBeGreaterThan(0);
    for (const m of out.rigged) {
      expect(m.unweighted, `${m.name}: vertices without weight`).toBe(0);
      for (const g of m.groups) expect(out.armatures[0].bones).toContain(g);
    }
    const groups = new Set(out.rigged.flatMap((m: { groups: string[] }) => m.groups));
    expect(groups.size).toBeGreaterThanOrEqual(15);
    expect(out.originals_hidden).toBe(true);
    expect(out.originals_kept).toBe(true);
  }, 240_000);
});

/** With a window (a virtual display): the job is followed by a modal timer while the interface keeps running. */
const MODAL_DRIVER = String.raw`
import bpy, json, sys, addon_utils, time
args = json.loads(sys.argv[sys.argv.index('--') + 1])
try:
    import numpy
    if not hasattr(numpy, 'bool'):
        numpy.bool = bool
except ImportError:
    pass
bpy.context.preferences.use_preferences_save = False
sys.path.insert(0, args['addons'])
addon_utils.enable('rigdesk_blender', default_set=True)
prefs = bpy.context.preferences.addons['rigdesk_blender'].preferences
prefs.api_url = args['api']
prefs.api_key = args['key']
state = {'t0': time.time(), 'ticks': 0, 'started': None}
def start():
    bpy.ops.import_scene.gltf(filepath=args['model'])
    for o in bpy.data.objects:
        o.select_set(o.type == 'MESH')
    win = bpy.context.window_manager.windows[0]
    area = next(a for a in win.screen.areas if a.type == 'VIEW_3D')
    with bpy.context.temp_override(window=win, area=area):
        state['started'] = list(bpy.ops.rigdesk.rig_selected('EXEC_DEFAULT', rig_type='biped', wait=False))
    return None
def tick():
    state['ticks'] += 1
    arms = [o for o in bpy.data.objects if o.type == 'ARMATURE']
    if arms or time.time() - state['t0'] > 120:
        print('RIGDESK_MODAL ' + json.dumps({'started': state['started'], 'ticks': state['ticks'], 'armatures': len(arms), 'bones': len(arms[0].data.bones) if arms else 0}))
        bpy.ops.wm.quit_blender()
        return None
    return 0.25
bpy.app.timers.register(start, first_interval=1.0)
bpy.app.timers.register(tick, first_interval=1.5)
`;

const xvfbRun = ['/usr/bin/xvfb-run'].find((p) => existsSync(p));

describe.skipIf(!blenderPath || !hasCorpus || !xvfbRun)('Blender add-on with a window (xvfb)', () => {
  let live: LiveService;
  beforeAll(async () => {
    live = await startLiveService({ workers: 1 });
  }, 60_000);
  afterAll(() => live?.close());

  it('follows the job with a modal timer (wait=False) while the interface keeps running, then imports the rig', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rigdesk-blender-modal-'));
    const script = path.join(dir, 'modal.py');
    const scene = path.join(dir, 'scene.blend');
    writeFileSync(script, MODAL_DRIVER);
    // A file given on the command line opens without the splash screen.
    await run(blenderPath!, ['-b', '--factory-startup', '--python-expr', `import bpy; bpy.ops.wm.save_as_mainfile(filepath=${JSON.stringify(scene)})`]);
    const args = { addons: path.join(projectRoot, 'integrations/blender'), api: `${live.service.baseUrl}/v1`, key: live.key, model: corpusPath('characters/mesh2motion/unrigged/model-human.glb') };
    const { stdout } = await run(xvfbRun!, ['-a', '-s', '-screen 0 1280x800x24', blenderPath!, '--factory-startup', scene, '--python', script, '--', JSON.stringify(args)], { maxBuffer: 64 * 1024 * 1024, timeout: 180_000, env: { ...process.env, HOME: dir } });
    const line = stdout.split('\n').find((l) => l.startsWith('RIGDESK_MODAL '));
    expect(line, stdout.slice(-3000)).toBeTruthy();
    const out = JSON.parse(line!.slice('RIGDESK_MODAL '.length));
    expect(out.started).toEqual(['RUNNING_MODAL']);
    // The interface's own timer kept firing while the job ran (4 per second).
    expect(out.ticks).toBeGreaterThan(2);
    expect(out).toMatchObject({ armatures: 1, bones: 25 });
  }, 240_000);
});

describe('npm run build:blender-addon', () => {
  it('writes a zip whose top folder is the add-on package with bl_info', () => {
    const zip = buildBlenderAddon(path.join(mkdtempSync(path.join(tmpdir(), 'rigdesk-addon-zip-')), 'rigdesk_blender.zip'));
    expect(existsSync(zip)).toBe(true);
    const files = unzipSync(readFileSync(zip));
    expect(Object.keys(files).sort()).toEqual(['rigdesk_blender/__init__.py', 'rigdesk_blender/api.py']);
    expect(new TextDecoder().decode(files['rigdesk_blender/__init__.py'])).toMatch(/bl_info = \{[\s\S]*"blender": \(3, 4, 0\)/);
  });
});
