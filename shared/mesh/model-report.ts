/** ModelReport: what was read, for the job's report and the service's logs. */
import type { SceneModel } from './model';

export interface ModelReport {
  format: string;
  parts: number;
  vertices: number;
  triangles: number;
  bbox: { min: [number, number, number]; max: [number, number, number] };
  /** `m` when the format defines its units, else a note that metres were assumed. */
  units: string;
  /** The source had a skin (not just node animation). */
  hasSkin: boolean;
  jointCount: number;
  clips: { name: string; duration: number }[];
  materials: number;
  textures: number;
  warnings: string[];
}

export function modelReport(model: SceneModel, format: string, warnings: string[]): ModelReport {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let vertices = 0;
  let triangles = 0;
  for (const part of model.parts) {
    const p = part.positions;
    for (let i = 0; i < p.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        if (p[i + c] < min[c]) min[c] = p[i + c];
        if (p[i + c] > max[c]) max[c] = p[i + c];
      }
    }
    vertices += p.length / 3;
    triangles += part.indices.length / 3;
  }
  if (vertices === 0) min.fill(0), max.fill(0);
  return {
    format,
    parts: model.parts.length,
    vertices,
    triangles,
    bbox: { min, max },
    units: String(model.meta.units ?? 'm'),
    hasSkin: Number(model.meta.sourceSkins ?? 0) > 0,
    jointCount: model.skeleton?.names.length ?? 0,
    clips: model.clips.map((c) => ({ name: c.name, duration: c.duration })),
    materials: model.materials.length,
    textures: model.textures.length,
    warnings: [...warnings],
  };
}
