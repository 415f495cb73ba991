/**
 * Which loader previews a dropped file: by magic bytes first, then by extension (binary STL has
 * no magic, so like the service we trust `.stl` only from the name).
 */
export type PreviewFormat = 'glb' | 'gltf' | 'fbx' | 'obj' | 'stl' | 'none';

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let s = '';
  for (let i = start; i < Math.min(bytes.length, start + length); i++) s += String.fromCharCode(bytes[i]);
  return s;
}

export function detectPreviewFormat(bytes: Uint8Array, filename: string): PreviewFormat {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  if (ascii(bytes, 0, 4) === 'glTF') return 'glb';
  if (ascii(bytes, 0, 18) === 'Kaydara FBX Binary') return 'fbx';
  if (ext === 'fbx') return 'fbx';
  if (ext === 'gltf' || (bytes[0] === 0x7b && ext !== 'obj')) return 'gltf';
  if (ext === 'obj') return 'obj';
  if (ext === 'stl') return 'stl';
  return 'none';
}

export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i + 1).toLowerCase() : '';
}
