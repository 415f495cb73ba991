import { ESTIMATED_SECONDS } from '../../../shared/api/constants';
import type { JobRow } from '../store/jobs-repo';

export interface PublishedFile {
  role: string;
  filename: string;
  content_type: string;
  bytes: number;
  token: string;
}

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function fileUrl(baseUrl: string, token: string, filename: string): string {
  return `${baseUrl}/files/${token}/${encodeURIComponent(filename)}`;
}

/** The API's Job object (spec 2.1) for a stored job, with absolute file URLs under `baseUrl`. */
export function jobView(row: JobRow, baseUrl: string): Record<string, unknown> {
  const succeeded = row.state === 'succeeded';
  const failed = row.state === 'failed';
  const view: Record<string, unknown> = {
    id: row.id,
    object: 'job',
    operation: row.operation,
    status: row.state,
    output: succeeded && row.output ? outputView(JSON.parse(row.output).files as PublishedFile[], baseUrl) : null,
    error: failed ? row.error || 'The job failed.' : null,
    created_at: iso(row.created_at),
    completed_at: succeeded || failed ? iso(row.completed_at) : null,
    duration_seconds:
      (succeeded || failed) && row.completed_at !== null ? (row.completed_at - (row.started_at ?? row.completed_at)) / 1000 : null,
    progress: row.state === 'processing' ? row.progress : succeeded ? 1 : row.state === 'queued' ? 0 : row.progress,
    stage: row.stage,
  };
  if (row.operation === 'rig') {
    const p = JSON.parse(row.params) as { engine: 'fast' | 'pro'; rig_type: string; output_format: string };
    view.engine = p.engine;
    view.rig_type = p.rig_type;
    view.output_format = p.output_format;
    view.poll_url = `/v1/jobs/${row.id}`;
    view.estimated_seconds = p.engine === 'pro' ? ESTIMATED_SECONDS.rig_pro : ESTIMATED_SECONDS.rig_fast;
  }
  return view;
}

function outputView(files: PublishedFile[], baseUrl: string) {
  const withUrls = files.map((f) => ({ role: f.role, url: fileUrl(baseUrl, f.token, f.filename), filename: f.filename, content_type: f.content_type, bytes: f.bytes }));
  const model = withUrls.find((f) => f.role === 'model');
  const thumb = withUrls.find((f) => f.role === 'thumbnail');
  return {
    model_url: model?.url ?? '',
    thumbnail_url: thumb?.url ?? null,
    files: [...withUrls].sort((a, b) => (a.role === 'model' ? -1 : b.role === 'model' ? 1 : 0)),
  };
}
