/// <reference lib="webworker" />
/**
 * Parses text/triangle formats (OBJ, STL) off the UI thread: a large OBJ takes seconds to
 * tokenise. Returns plain typed arrays (transferred, not copied) that the UI turns into meshes.
 * GLB/FBX stay on the main thread: their loaders decode textures through DOM image APIs.
 */
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import type { BufferGeometry, Mesh, Object3D } from 'three';

export interface ParseRequest {
  format: 'obj' | 'stl';
  bytes: ArrayBuffer;
}

export interface ParsedMesh {
  name: string;
  position: Float32Array;
  normal: Float32Array | null;
  index: Uint32Array | null;
}

export type ParseResponse = { ok: true; meshes: ParsedMesh[] } | { ok: false; error: string };

function fromGeometry(name: string, g: BufferGeometry): ParsedMesh {
  const pos = g.getAttribute('position');
  const nor = g.getAttribute('normal');
  return {
    name,
    position: new Float32Array(pos.array as ArrayLike<number>),
    normal: nor ? new Float32Array(nor.array as ArrayLike<number>) : null,
    index: g.index ? new Uint32Array(g.index.array as ArrayLike<number>) : null,
  };
}

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { format, bytes } = event.data;
  let response: ParseResponse;
  try {
    const meshes: ParsedMesh[] = [];
    if (format === 'stl') {
      meshes.push(fromGeometry('stl', new STLLoader().parse(bytes)));
    } else {
      const group = new OBJLoader().parse(new TextDecoder().decode(bytes));
      group.traverse((o: Object3D) => {
        const m = o as Mesh;
        if (m.isMesh) meshes.push(fromGeometry(m.name || 'obj', m.geometry));
      });
    }
    if (meshes.length === 0) throw new Error(`parse-worker: the ${format.toUpperCase()} file holds no mesh`);
    response = { ok: true, meshes };
    const transfer = meshes.flatMap((m) => [m.position.buffer, m.normal?.buffer, m.index?.buffer].filter(Boolean)) as ArrayBuffer[];
    (self as unknown as Worker).postMessage(response, transfer);
  } catch (err) {
    response = { ok: false, error: err instanceof Error ? err.message : String(err) };
    (self as unknown as Worker).postMessage(response);
  }
};
