/**
 * The values of a geometry attribute as a plain, tightly packed Float32Array.
 *
 * Why: glTF-Transform (our GLB writer) interleaves vertex attributes, so three's GLTFLoader hands
 * back InterleavedBufferAttributes whose `.array` is the whole interleaved buffer: indexing it as
 * `v * itemSize + k` reads other attributes' bytes (the heat map once coloured random patches).
 * `getComponent` resolves the stride and offset and also denormalises UNSIGNED_BYTE/SHORT weights.
 */
import type * as THREE from 'three';

export function attributeValues(attr: THREE.BufferAttribute | THREE.InterleavedBufferAttribute): Float32Array {
  const count = attr.count;
  const size = attr.itemSize;
  const out = new Float32Array(count * size);
  for (let v = 0; v < count; v++) for (let k = 0; k < size; k++) out[v * size + k] = attr.getComponent(v, k);
  return out;
}
