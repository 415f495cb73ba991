/**
 * TEMPORARY (until `readModel` from shared/mesh lands on main): reads a rigged corpus GLB with
 * glTF-Transform into what the rig evaluation needs - every mesh part in its rest pose (skinned parts by
 * linear blend skinning with the file's own rest joints, rigid parts by their node's world matrix), the
 * ground-truth joints, per-vertex ground-truth skin weights, and a sampler of the file's own clips.
 */
import { NodeIO } from '@gltf-transform/core';
import type { Node as GNode } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import * as THREE from 'three';

export interface CorpusRig {
  positions: Float32Array;
  indices: Uint32Array;
  partOffsets: Uint32Array;
  /** Ground-truth joints: those carrying weight, with parents among them (nearest weighted ancestor). */
  joints: { name: string; parent: number; node: GNode }[];
  /** Rest world matrix of each GT joint. */
  restWorld: THREE.Matrix4[];
  /** Per-vertex skinning as lists of (GT node, bind matrix, weight): evaluated by `pose`. */
  skinOf: (frame: Map<GNode, THREE.Matrix4>, out: Float32Array) => void;
  clips: { name: string; duration: number; sample: (t: number) => Map<GNode, THREE.Matrix4> }[];
  restWorldOf: () => Map<GNode, THREE.Matrix4>;
  /** Ground-truth skin weights per vertex as (GT node, weight) pairs; rigid parts: their bone node. */
  weightsOf: () => [GNode, number][][];
  /** Every node, parents first, and its parent. */
  order: GNode[];
  parentOf: (n: GNode) => GNode | null;
}

/**
 * `excludeProps`: mesh nodes under a node whose name matches are left out (KayKit files carry every
 * alternative weapon and shield at once on `handslot.*`; a game shows one at a time).
 */
export async function readCorpusRig(file: string, excludeProps: RegExp | null = /handslot/): Promise<CorpusRig> {
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  const doc = await io.read(file);
  const root = doc.getRoot();
  const nodes = root.listNodes();
  const parentOf = new Map<GNode, GNode | null>();
  for (const n of nodes) for (const c of n.listChildren()) parentOf.set(c, n);
  const order: GNode[] = [];
  const visit = (n: GNode): void => {
    order.push(n);
    for (const c of n.listChildren()) visit(c);
  };
  for (const n of nodes) if (!parentOf.has(n)) visit(n);
  const localOf = (n: GNode, over?: Map<GNode, { t?: number[]; r?: number[]; s?: number[] }>): THREE.Matrix4 => {
    const o = over?.get(n);
    const t = o?.t ?? n.getTranslation(), r = o?.r ?? n.getRotation(), s = o?.s ?? n.getScale();
    return new THREE.Matrix4().compose(new THREE.Vector3(...t), new THREE.Quaternion(...r), new THREE.Vector3(...s));
  };
  const worldOf = (over?: Map<GNode, { t?: number[]; r?: number[]; s?: number[] }>): Map<GNode, THREE.Matrix4> => {
    const w = new Map<GNode, THREE.Matrix4>();
    for (const n of order) {
      const p = parentOf.get(n);
      const l = localOf(n, over);
      w.set(n, p ? w.get(p)!.clone().multiply(l) : l);
    }
    return w;
  };
  const rest = worldOf();
  // Parts: skinned vertices carry (node, ibm, weight) lists; rigid parts one node with identity bind.
  type Infl = { nodes: GNode[]; binds: THREE.Matrix4[]; w: number[] };
  const pos: number[] = [];
  const idx: number[] = [];
  const offsets: number[] = [];
  const infl: Infl[] = [];
  const local: number[] = [];
  const used = new Set<GNode>();
  for (const n of order) {
    const mesh = n.getMesh();
    if (!mesh) continue;
    if (excludeProps) {
      let a: GNode | null | undefined = parentOf.get(n);
      let prop = false;
      for (; a; a = parentOf.get(a)) if (excludeProps.test(a.getName())) prop = true;
      if (prop) continue;
    }
    const skin = n.getSkin();
    for (const prim of mesh.listPrimitives()) {
      const pa = prim.getAttribute('POSITION');
      const ia = prim.getIndices();
      if (!pa) continue;
      const base = pos.length / 3;
      offsets.push(base);
      const count = pa.getCount();
      const v = [0, 0, 0];
      const ja = prim.getAttribute('JOINTS_0'), wa = prim.getAttribute('WEIGHTS_0');
      const skinJoints = skin?.listJoints() ?? [];
      const ibms = skin?.getInverseBindMatrices();
      const jv = [0, 0, 0, 0], wv = [0, 0, 0, 0], m = new Array<number>(16);
      for (let i = 0; i < count; i++) {
        pa.getElement(i, v);
        local.push(v[0], v[1], v[2]);
        if (skin && ja && wa) {
          ja.getElement(i, jv);
          wa.getElement(i, wv);
          const e: Infl = { nodes: [], binds: [], w: [] };
          for (let k = 0; k < 4; k++) {
            if (wv[k] <= 0) continue;
            const jn = skinJoints[jv[k]];
            ibms!.getElement(jv[k], m);
            e.nodes.push(jn);
            e.binds.push(new THREE.Matrix4().fromArray(m));
            e.w.push(wv[k]);
            used.add(jn);
          }
          infl.push(e);
        } else infl.push({ nodes: [n], binds: [new THREE.Matrix4()], w: [1] });
      }
      if (ia) for (let i = 0; i < ia.getCount(); i++) idx.push(base + ia.getScalar(i));
      else for (let i = 0; i < count; i++) idx.push(base + i);
      pos.push(...new Array(count * 3).fill(0));
    }
  }
  offsets.push(pos.length / 3);
  const tmp = new THREE.Vector3();
  const acc = new THREE.Vector3();
  const M = new THREE.Matrix4();
  const skinOf = (frame: Map<GNode, THREE.Matrix4>, out: Float32Array): void => {
    for (let i = 0; i < infl.length; i++) {
      const e = infl[i];
      acc.set(0, 0, 0);
      let ws = 0;
      for (let k = 0; k < e.nodes.length; k++) {
        M.copy(frame.get(e.nodes[k])!).multiply(e.binds[k]);
        tmp.set(local[i * 3], local[i * 3 + 1], local[i * 3 + 2]).applyMatrix4(M);
        acc.addScaledVector(tmp, e.w[k]);
        ws += e.w[k];
      }
      if (ws > 0) acc.multiplyScalar(1 / ws);
      out[i * 3] = acc.x;
      out[i * 3 + 1] = acc.y;
      out[i * 3 + 2] = acc.z;
    }
  };
  const positions = new Float32Array(pos.length);
  skinOf(rest, positions);
  // Ground-truth joints: weighted skin joints (rigid accessories are bound to their parent joint node).
  const rigidBone = new Map<GNode, GNode>();
  for (const n of order) if (n.getMesh() && !n.getSkin() && !(excludeProps && [...ancestors(n)].some((a) => excludeProps.test(a.getName())))) {
    let p = parentOf.get(n) ?? null;
    while (p && !root.listSkins().some((s) => s.listJoints().includes(p!))) p = parentOf.get(p) ?? null;
    if (p) {
      used.add(p);
      rigidBone.set(n, p);
    }
  }
  function* ancestors(n: GNode): Generator<GNode> {
    for (let a = parentOf.get(n); a; a = parentOf.get(a)) yield a;
  }
  const gt = order.filter((n) => used.has(n));
  const joints = gt.map((n) => {
    let p = parentOf.get(n) ?? null;
    while (p && !used.has(p)) p = parentOf.get(p) ?? null;
    return { name: n.getName(), parent: p ? gt.indexOf(p) : -1, node: n };
  });
  const clips = root.listAnimations().map((anim) => {
    const channels = anim.listChannels().map((ch) => {
      const s = ch.getSampler()!;
      return { node: ch.getTargetNode()!, path: ch.getTargetPath()!, times: s.getInput()!.getArray()!, values: s.getOutput()!.getArray()!, interp: s.getInterpolation() };
    });
    let duration = 0;
    for (const c of channels) duration = Math.max(duration, c.times[c.times.length - 1]);
    const sample = (t: number): Map<GNode, THREE.Matrix4> => {
      const over = new Map<GNode, { t?: number[]; r?: number[]; s?: number[] }>();
      for (const c of channels) {
        const n = c.path === 'rotation' ? 4 : 3;
        const k = c.interp === 'CUBICSPLINE' ? 3 : 1;
        let i = 0;
        while (i < c.times.length - 1 && c.times[i + 1] <= t) i++;
        const j = Math.min(i + 1, c.times.length - 1);
        const f = j > i ? Math.min(1, Math.max(0, (t - c.times[i]) / (c.times[j] - c.times[i]))) : 0;
        const off = k === 3 ? n : 0;
        const a = Array.from(c.values.slice(i * n * k + off, i * n * k + off + n) as ArrayLike<number>);
        const b = Array.from(c.values.slice(j * n * k + off, j * n * k + off + n) as ArrayLike<number>);
        let v: number[];
        if (n === 4) {
          const q = new THREE.Quaternion(...a).slerp(new THREE.Quaternion(...b), c.interp === 'STEP' ? 0 : f);
          v = [q.x, q.y, q.z, q.w];
        } else v = a.map((x, q) => x + (b[q] - x) * (c.interp === 'STEP' ? 0 : f));
        const o = over.get(c.node) ?? {};
        if (c.path === 'translation') o.t = v;
        else if (c.path === 'rotation') o.r = v;
        else if (c.path === 'scale') o.s = v;
        over.set(c.node, o);
      }
      return worldOf(over);
    };
    return { name: anim.getName(), duration, sample };
  });
  return {
    positions,
    indices: Uint32Array.from(idx),
    partOffsets: Uint32Array.from(offsets),
    joints,
    restWorld: joints.map((j) => rest.get(j.node)!),
    skinOf,
    clips,
    restWorldOf: () => rest,
    weightsOf: () => infl.map((e) => e.nodes.map((n, k): [GNode, number] => [rigidBone.get(n) ?? n, e.w[k]])),
    order,
    parentOf: (n) => parentOf.get(n) ?? null,
  };
}
