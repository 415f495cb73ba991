/**
 * Submits the Rig page's items and follows their jobs. Lives outside React so work continues
 * while the user browses other pages. One poll loop serves the whole batch: a single job is
 * polled by id, several by one `GET /v1/jobs` page, so a big batch stays within the rate limit.
 */
import type { ApiClient } from '../api/client';
import { describeError } from '../api/api-error';
import { INLINE_LIMIT_BYTES, toBase64 } from '../api/encode';
import { isTerminal } from '../api/poll-job';
import type { Job, RigRequest } from '../api/types';
import { defaultSleep } from '../api/client';
import { useNotices } from './notices-store';
import { sourceName, useRig, type BatchItem, type RigSettings, type RigSource } from './rig-store';

const POLL_MS = 1500;
let loopRunning = false;

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

async function sourceFields(source: RigSource): Promise<Pick<RigRequest, 'model_base64' | 'from_job' | 'filename'>> {
  if (source.kind === 'job') return { from_job: source.job.id };
  let bytes: Uint8Array;
  let name: string;
  if (source.kind === 'file') {
    bytes = source.bytes;
    name = source.name;
  } else {
    const res = await fetch(source.asset.url, { credentials: 'omit' });
    if (!res.ok) throw new Error(`Downloading ${source.asset.name} failed with HTTP ${res.status}`);
    bytes = new Uint8Array(await res.arrayBuffer());
    name = baseName(new URL(source.asset.url, location.href).pathname) || `${source.asset.name}.glb`;
  }
  if (bytes.byteLength > INLINE_LIMIT_BYTES) {
    throw new Error(
      `${name} is ${(bytes.byteLength / 1048576).toFixed(1)} MB; the service takes inline files up to about 10 MB (model_base64). Decimate it or serve it and use model_url.`,
    );
  }
  return { model_base64: await toBase64(bytes), filename: name };
}

export function rigRequest(settings: RigSettings): Omit<RigRequest, 'model_base64' | 'from_job' | 'filename'> {
  const req: RigRequest = {
    rig_type: settings.rigType,
    engine: settings.engine,
    output_format: settings.outputFormat,
    rotation_y: settings.rotation,
  };
  if (settings.engine === 'fast') {
    req.rig_fingers = settings.fingers;
    // One clip in the field every client knows; several in the array.
    if (settings.clipUrls.length === 1) req.animation_url = settings.clipUrls[0];
    else if (settings.clipUrls.length > 1) req.animation_urls = [...settings.clipUrls];
  }
  return req;
}

async function pollLoop(api: ApiClient): Promise<void> {
  if (loopRunning) return;
  loopRunning = true;
  try {
    for (;;) {
      const active = useRig.getState().items.filter((it) => it.job && !isTerminal(it.job));
      if (active.length === 0) return;
      await defaultSleep(POLL_MS);
      let fresh: Job[];
      if (active.length <= 2) {
        fresh = await Promise.all(active.map((it) => api.getJob(it.job!.id)));
      } else {
        const page = await api.listJobs({ operation: 'rig', limit: 100 });
        fresh = page.jobs;
      }
      const byId = new Map(fresh.map((j) => [j.id, j]));
      for (const it of useRig.getState().items) {
        const j = it.job && byId.get(it.job.id);
        if (!j) continue;
        useRig.getState().updateItem(it.id, { job: { ...it.job, ...j } });
        if (isTerminal(j) && !isTerminal(it.job!)) {
          if (j.status === 'failed') useNotices.getState().push('error', `Rigging ${sourceName(it.source)} failed: ${j.error ?? 'no reason given'}`);
          else useNotices.getState().push('success', `${sourceName(it.source)} is rigged`);
        }
      }
    }
  } catch (err) {
    useNotices.getState().error(err, 'Following the rig jobs');
  } finally {
    loopRunning = false;
  }
}

/** Submits every item not yet submitted, one after another, then follows the jobs. */
export async function runRig(api: ApiClient, items: BatchItem[]): Promise<void> {
  const settings = useRig.getState().settings;
  const common = rigRequest(settings);
  for (const item of items) {
    if (item.job && item.job.status !== 'failed') continue;
    useRig.getState().updateItem(item.id, { error: null, job: null });
    try {
      // A correction takes its settings from the corrected job (the service's defaults for it).
      const body: RigRequest = item.joints && item.source.kind === 'job'
        ? { from_job: item.source.job.id, joints: item.joints }
        : { ...(await sourceFields(item.source)), ...common };
      const job = await api.submitRig(body);
      useRig.getState().updateItem(item.id, { job });
      void pollLoop(api);
    } catch (err) {
      const message = describeError(err);
      useRig.getState().updateItem(item.id, { error: message });
      useNotices.getState().push('error', `${sourceName(item.source)}: ${message}`);
      // A batch that ran out of credits stops: later jobs would be refused the same way.
      if (message.includes('insufficient_credits')) break;
    }
  }
}

/** Resume following jobs after a page reload or when the page is shown again. */
export function resumePolling(api: ApiClient): void {
  void pollLoop(api);
}
