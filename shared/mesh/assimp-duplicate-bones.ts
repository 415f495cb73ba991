/**
 * assimp's glTF export gives every mesh of an FBX one shared skin and finds each mesh's bones in it
 * by name. When two armatures hold bones of the same name (the Quaternius Goblin's body armature and
 * its separate, unanimated face armature each have a root bone `Bone`), assimp renames the second
 * node `Bone_node` but binds the face mesh to the first one, with that bone's inverse bind matrix
 * taken from the body mesh: the face landed at the goblin's feet (y -22..2 cm of a 551 cm character)
 * and walked with the body's root, where Blender 3.4's import of the same file keeps it on the head,
 * bound to the face armature's own bone, which no clip moves.
 *
 * The repair reads the FBX's own skin clusters (binary FBX only): for each mesh whose cluster links a
 * bone whose name another bone also has, the GLB node that really is that bone is found by walking the
 * FBX parent chain (assimp keeps the hierarchy, only renames), and the mesh gets its own skin pointing
 * there, with the inverse bind matrix the FBX states for that cluster (TransformLink^-1 * Transform,
 * as Blender binds it). Meshes and bones without duplicated names are not touched.
 */
import type { Document, Node } from '@gltf-transform/core';
import { fbxChild, readFbxBinary, type FbxNode } from './fbx/fbx-binary-reader';
import { FBX_BINARY_MAGIC } from './detect-format';
import { invert, mat4, multiply } from './mat4';

interface FbxModel {
  id: bigint;
  name: string;
  kind: string;
  parent: bigint | null;
}

const baseName = (s: string): string => s.split('\0')[0];

export interface DuplicateBoneRepair {
  /** Names that more than one bone of the file carries. */
  sameNamedBones: Set<string>;
  /** Skin joints re-pointed to the bone their mesh's cluster names. */
  moved: number;
}

/** Binds each mesh of a binary FBX to the bones its own skin clusters name (see above). */
export function rebindDuplicateBoneNames(doc: Document, fbx: Uint8Array): DuplicateBoneRepair {
  const none: DuplicateBoneRepair = { sameNamedBones: new Set(), moved: 0 };
  // (ASCII FBX is not looked at.)
  if (fbx.length < 27 || new TextDecoder('latin1').decode(fbx.subarray(0, FBX_BINARY_MAGIC.length)) !== FBX_BINARY_MAGIC) return none;
  const quick = readFbxBinary(fbx, { decodeArrays: false });
  const models = modelsOf(quick);
  const count = new Map<string, number>();
  for (const m of models.values()) if (m.kind === 'LimbNode') count.set(m.name, (count.get(m.name) ?? 0) + 1);
  const sameNamedBones = new Set([...count].filter(([, c]) => c > 1).map(([n]) => n));
  if (sameNamedBones.size === 0) return none;
  const result: DuplicateBoneRepair = { sameNamedBones, moved: 0 };

  const full = readFbxBinary(fbx, { decodeArrays: true });
  const objects = full.nodes.find((n) => n.name === 'Objects');
  const conns = full.nodes.find((n) => n.name === 'Connections');
  if (!objects || !conns) return result;
  const byId = new Map<bigint, FbxNode>();
  for (const o of objects.children) if (typeof o.props[0] === 'bigint') byId.set(o.props[0], o);
  const childrenOf = new Map<bigint, bigint[]>();
  for (const c of conns.children) {
    if (c.props[0] !== 'OO') continue;
    const [a, b] = [c.props[1], c.props[2]];
    if (typeof a !== 'bigint' || typeof b !== 'bigint') continue;
    (childrenOf.get(b) ?? childrenOf.set(b, []).get(b)!).push(a);
  }
  const kids = (id: bigint, type: string) => (childrenOf.get(id) ?? []).filter((k) => byId.get(k)?.name === type);

  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  if (!scene) return result;
  // The GLB node of an FBX model: found under the GLB node of its FBX parent, by its name or a renamed
  // `<name>_...`, looking through assimp's `$AssimpFbx$` pivot helpers.
  const found = new Map<bigint, Node | null>();
  const glbNodeOf = (id: bigint): Node | null => {
    if (found.has(id)) return found.get(id)!;
    found.set(id, null);
    const m = models.get(id);
    if (!m) return null;
    let pool: Node[];
    if (m.parent === null || !models.has(m.parent)) {
      pool = [];
      const add = (n: Node, depth: number) => {
        pool.push(n);
        if (depth < 1 || n.getName().includes('$AssimpFbx$')) for (const k of n.listChildren()) add(k, depth + 1);
      };
      for (const n of scene.listChildren()) add(n, 0);
    } else {
      const p = glbNodeOf(m.parent);
      if (!p) return null;
      pool = [];
      const add = (n: Node) => {
        for (const k of n.listChildren()) {
          pool.push(k);
          if (k.getName().includes('$AssimpFbx$')) add(k);
        }
      };
      add(p);
    }
    const exact = pool.filter((n) => n.getName() === m.name);
    const renamed = pool.filter((n) => n.getName().startsWith(`${m.name}_`) && !n.getName().includes('$AssimpFbx$'));
    const pick = exact.length === 1 ? exact[0] : exact.length === 0 && renamed.length === 1 ? renamed[0] : null;
    found.set(id, pick);
    return pick;
  };

  for (const mesh of models.values()) {
    if (mesh.kind !== 'Mesh') continue;
    const meshNode = glbNodeOf(mesh.id);
    const skin = meshNode?.getSkin();
    if (!meshNode || !skin) continue;
    const old = skin.getInverseBindMatrices()?.getArray();
    if (!old) continue;
    const joints = skin.listJoints();
    const fixes: { k: number; node: Node; ibm: Float64Array }[] = [];
    for (const geo of kids(mesh.id, 'Geometry')) {
      for (const sk of kids(geo, 'Deformer')) {
        for (const cl of kids(sk, 'Deformer')) {
          const bone = (childrenOf.get(cl) ?? []).find((b) => models.get(b)?.kind === 'LimbNode');
          if (bone === undefined) continue;
          const name = models.get(bone)!.name;
          if (!sameNamedBones.has(name)) continue;
          const right = glbNodeOf(bone);
          const k = joints.findIndex((j) => j.getName() === name);
          if (!right || k < 0 || joints[k] === right) continue;
          // assimp's own bind for a cluster (FBXConverter): TransformLink^-1 * the mesh node's world.
          const tl = matrixOf(byId.get(cl)!, 'TransformLink');
          const inv = mat4();
          if (!tl || !invert(inv, tl)) continue;
          fixes.push({ k, node: right, ibm: multiply(mat4(), inv, meshNode.getWorldMatrix()) });
        }
      }
    }
    if (fixes.length === 0) continue;
    const ibm = new Float32Array(joints.length * 16);
    ibm.set(old.subarray(0, ibm.length));
    const list = joints.slice();
    for (const f of fixes) {
      list[f.k] = f.node;
      ibm.set(f.ibm, f.k * 16);
      result.moved++;
    }
    const buffer = doc.getRoot().listBuffers()[0];
    const acc = doc.createAccessor(`${meshNode.getName()}_inverseBind`).setType('MAT4').setArray(ibm);
    if (buffer) acc.setBuffer(buffer);
    const mine = doc.createSkin(`${meshNode.getName()}_skin`).setInverseBindMatrices(acc);
    for (const j of list) mine.addJoint(j);
    meshNode.setSkin(mine);
  }
  return result;
}

function modelsOf(doc: ReturnType<typeof readFbxBinary>): Map<bigint, FbxModel> {
  const out = new Map<bigint, FbxModel>();
  const objects = doc.nodes.find((n) => n.name === 'Objects');
  const conns = doc.nodes.find((n) => n.name === 'Connections');
  if (!objects) return out;
  for (const o of objects.children) {
    if (o.name !== 'Model' || typeof o.props[0] !== 'bigint' || typeof o.props[1] !== 'string') continue;
    out.set(o.props[0], { id: o.props[0], name: baseName(o.props[1]), kind: String(o.props[2] ?? ''), parent: null });
  }
  for (const c of conns?.children ?? []) {
    if (c.props[0] !== 'OO') continue;
    const [a, b] = [c.props[1], c.props[2]];
    if (typeof a === 'bigint' && typeof b === 'bigint' && out.has(a) && out.has(b)) out.get(a)!.parent = b;
  }
  return out;
}

function matrixOf(cluster: FbxNode, name: string): Float64Array | null {
  const v = fbxChild(cluster, name)?.props[0];
  if (!(v instanceof Float64Array || v instanceof Float32Array) || v.length !== 16) return null;
  return Float64Array.from(v);
}
