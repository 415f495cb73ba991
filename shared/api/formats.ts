/** The format table served by GET /v1/formats (shape documented in the OpenAPI document). */
export interface FormatRecord {
  format: string;
  extensions: string[];
  read: boolean;
  riggable: boolean;
  write: boolean;
  notes: string;
  /** What the written file holds, for formats Rigdesk writes. */
  outputNotes?: string;
}

export const FORMAT_TABLE: FormatRecord[] = [
  { format: 'glb', extensions: ['.glb'], read: true, riggable: true, write: true, notes: 'Binary glTF 2.0.', outputNotes: 'Binary glTF 2.0 with the skin, joints and baked clips; the default output.' },
  { format: 'gltf', extensions: ['.gltf'], read: true, riggable: true, write: false, notes: 'glTF 2.0 JSON with embedded or data-URI buffers.' },
  { format: 'fbx', extensions: ['.fbx'], read: true, riggable: true, write: true, notes: 'Binary and ASCII FBX 6.x/7.x.', outputNotes: 'Binary FBX 7.4 with the skin (clusters), joints and baked clips (one take each).' },
  { format: 'obj', extensions: ['.obj'], read: true, riggable: true, write: false, notes: 'With its MTL and textures when given together (model_url siblings).' },
  { format: 'stl', extensions: ['.stl'], read: true, riggable: true, write: false, notes: 'ASCII `solid` files anywhere; binary STL only when the URL or filename ends in .stl.' },
  { format: 'dae', extensions: ['.dae'], read: true, riggable: true, write: false, notes: 'Collada.' },
  { format: '3ds', extensions: ['.3ds'], read: true, riggable: true, write: false, notes: '3D Studio.' },
  { format: 'ply', extensions: ['.ply'], read: false, riggable: false, write: false, notes: 'Recognised but not riggable: unsupported_format.' },
  { format: 'vrm', extensions: ['.vrm'], read: false, riggable: false, write: false, notes: 'Recognised (glTF with the VRM extension) but not riggable: unsupported_format.' },
];
