/** Which file of a job's output to preview and which to download. Pure, unit-tested. */
import type { Job } from './types';

export interface NamedUrl {
  url: string;
  name: string;
}

function nameFromUrl(url: string, fallback: string): string {
  try {
    const last = new URL(url, 'http://x/').pathname.split('/').pop();
    return last && last.includes('.') ? decodeURIComponent(last) : fallback;
  } catch {
    return fallback;
  }
}

/** The main result file (model_url) with a sensible file name. */
export function resultFile(job: Job): NamedUrl | null {
  if (job.status !== 'succeeded' || !job.output) return null;
  const url = job.output.model_url;
  const listed = job.output.files?.find((f) => f.url === url);
  const ext = job.output_format ?? (listed?.filename.split('.').pop() || 'glb');
  return { url, name: listed?.filename ?? nameFromUrl(url, `${job.operation}-${job.id.slice(0, 8)}.${ext}`) };
}

/**
 * The file to show in 3D: a GLB among the files when there is one (FBX outputs may carry a GLB
 * preview), else the main file.
 */
export function previewFileOf(job: Job): NamedUrl | null {
  const main = resultFile(job);
  if (!main) return null;
  if (main.name.toLowerCase().endsWith('.glb')) return main;
  const glb = job.output?.files?.find((f) => f.content_type === 'model/gltf-binary' || f.filename.toLowerCase().endsWith('.glb'));
  return glb ? { url: glb.url, name: glb.filename } : main;
}

/** The rig report file (role `report`) of a succeeded job, when the service wrote one. */
export function reportFileOf(job: Job): NamedUrl | null {
  if (job.status !== 'succeeded') return null;
  const f = job.output?.files?.find((file) => file.role === 'report');
  return f ? { url: f.url, name: f.filename } : null;
}
