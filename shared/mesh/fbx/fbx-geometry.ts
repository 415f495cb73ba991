/**
 * A MeshPart as an FBX Geometry: control points, triangles as polygons (the last index of each
 * stored as -index-1), normals by polygon vertex (the mapping every importer supports), UVs
 * indexed per polygon vertex with V flipped (FBX's origin is bottom-left, glTF's top-left),
 * vertex colours, and one material for the whole part.
 */
import type { MeshPart } from '../model';
import { I, S, rec, type FbxRecord } from './fbx-binary-encoder';

function layerElement(type: string, name: string, mapping: string, reference: string, data: FbxRecord[]): FbxRecord {
  return rec(type, [I(0)], [
    rec('Version', [I(101)]),
    rec('Name', [S(name)]),
    rec('MappingInformationType', [S(mapping)]),
    rec('ReferenceInformationType', [S(reference)]),
    ...data,
  ]);
}

export function geometryChildren(part: MeshPart): FbxRecord[] {
  const idx = part.indices;
  const vertices = Float64Array.from(part.positions);
  const pvi = new Int32Array(idx.length);
  for (let i = 0; i < idx.length; i++) pvi[i] = i % 3 === 2 ? -idx[i] - 1 : idx[i];
  const out: FbxRecord[] = [
    rec('GeometryVersion', [I(124)]),
    rec('Vertices', [vertices]),
    rec('PolygonVertexIndex', [pvi]),
  ];
  const layer: FbxRecord[] = [rec('Version', [I(100)])];
  const use = (type: string) => layer.push(rec('LayerElement', [], [rec('Type', [S(type)]), rec('TypedIndex', [I(0)])]));
  if (part.normals) {
    const n = new Float64Array(idx.length * 3);
    for (let i = 0; i < idx.length; i++) {
      const v = idx[i] * 3;
      n[i * 3] = part.normals[v];
      n[i * 3 + 1] = part.normals[v + 1];
      n[i * 3 + 2] = part.normals[v + 2];
    }
    out.push(layerElement('LayerElementNormal', '', 'ByPolygonVertex', 'Direct', [rec('Normals', [n])]));
    use('LayerElementNormal');
  }
  if (part.colors) {
    out.push(layerElement('LayerElementColor', 'Col', 'ByPolygonVertex', 'IndexToDirect', [
      rec('Colors', [Float64Array.from(part.colors)]),
      rec('ColorIndex', [Int32Array.from(idx)]),
    ]));
    use('LayerElementColor');
  }
  if (part.uvs) {
    const uv = new Float64Array(part.uvs.length);
    for (let i = 0; i < uv.length; i += 2) {
      uv[i] = part.uvs[i];
      uv[i + 1] = 1 - part.uvs[i + 1];
    }
    out.push(layerElement('LayerElementUV', 'UVMap', 'ByPolygonVertex', 'IndexToDirect', [
      rec('UV', [uv]),
      rec('UVIndex', [Int32Array.from(idx)]),
    ]));
    use('LayerElementUV');
  }
  out.push(layerElement('LayerElementMaterial', '', 'AllSame', 'IndexToDirect', [rec('Materials', [Int32Array.from([0])])]));
  use('LayerElementMaterial');
  out.push(rec('Layer', [I(0)], layer));
  return out;
}
