/**
 * Blender 3.4 headless as a test oracle: imports several GLB/FBX files in ONE Blender launch
 * (a launch costs seconds) and reports, per file, its armatures (bone names, world head
 * positions in Blender's Z-up space), meshes (vertex groups that carry weight, dimensions)
 * and actions (names, frame ranges).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface BlenderImport {
  file: string;
  error?: string;
  armatures: { name: string; bones: string[]; heads: [number, number, number][] }[];
  meshes: { name: string; weighted: string[]; groups: string[]; verts: number; dims: [number, number, number] }[];
  actions: { name: string; range: [number, number] }[];
  fps: number;
  /** World head of the bones named Root and Hips (Z-up) at the first and last frame of the first action. */
  path?: Record<string, [number, number, number][]>;
}

function findBlender(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, 'blender');
    if (dir && existsSync(p)) return p;
  }
  return null;
}

export const blenderPath = findBlender();

const SCRIPT = String.raw`
import bpy, json, sys
try:
    # Blender 3.4's glTF importer uses np.bool, removed in NumPy 1.24 (Debian 12 ships 1.24)
    import numpy
    if not hasattr(numpy, 'bool'):
        numpy.bool = bool
except ImportError:
    pass
files = json.loads(sys.argv[sys.argv.index('--') + 1])
for f in files:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    res = {'file': f, 'armatures': [], 'meshes': [], 'actions': [], 'fps': 0}
    try:
        if f.lower().endswith('.fbx'):
            bpy.ops.import_scene.fbx(filepath=f)
        else:
            bpy.ops.import_scene.gltf(filepath=f)
    except Exception as e:
        res['error'] = str(e)
    for o in bpy.data.objects:
        if o.type == 'ARMATURE':
            res['armatures'].append({'name': o.name, 'bones': [b.name for b in o.data.bones],
                'heads': [list(o.matrix_world @ b.head_local) for b in o.data.bones]})
    for m in bpy.data.objects:
        if m.type != 'MESH':
            continue
        used = set()
        for v in m.data.vertices:
            for g in v.groups:
                if g.weight > 0:
                    used.add(m.vertex_groups[g.group].name)
        res['meshes'].append({'name': m.name, 'groups': [g.name for g in m.vertex_groups], 'weighted': sorted(used),
            'verts': len(m.data.vertices), 'dims': list(m.dimensions)})
    res['actions'] = [{'name': a.name, 'range': list(a.frame_range)} for a in bpy.data.actions]
    res['fps'] = bpy.context.scene.render.fps
    arm = next((o for o in bpy.data.objects if o.type == 'ARMATURE'), None)
    if arm is not None and arm.animation_data is not None and arm.animation_data.action is not None:
        a, b = arm.animation_data.action.frame_range
        res['path'] = {}
        for name in ('Root', 'Hips'):
            pb = arm.pose.bones.get(name)
            if pb is None:
                continue
            pts = []
            for fr in (a, b):
                bpy.context.scene.frame_set(int(round(fr)))
                pts.append(list(arm.matrix_world @ pb.head))
            res['path'][name] = pts
    print('RIGDESK_JSON' + json.dumps(res), flush=True)
`;

/** Imports the files in one Blender launch; rejects if Blender fails to start. */
export function blenderImport(files: string[], timeoutMs = 280_000): Promise<BlenderImport[]> {
  if (!blenderPath) return Promise.reject(new Error('blender is not on PATH'));
  return new Promise((resolve, reject) => {
    execFile(
      blenderPath!,
      ['-b', '--factory-startup', '--python-expr', SCRIPT, '--', JSON.stringify(files)],
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const results = stdout.split('\n').filter((l) => l.startsWith('RIGDESK_JSON')).map((l) => JSON.parse(l.slice(12)) as BlenderImport);
        if (results.length !== files.length) reject(new Error(`blender: ${err?.message ?? ''}\n${stderr.slice(-2000)}`));
        else resolve(results);
      },
    );
  });
}
