/**
 * Generate: drop an image, see the cut-out the generator will work from, generate a model,
 * view it and send it to Rig (`from_job`).
 */
import { useEffect, useRef, useState } from 'react';
import { toBase64 } from '../api/encode';
import { previewFileOf, resultFile } from '../api/job-files';
import { pollJob } from '../api/poll-job';
import type { Job } from '../api/types';
import { DownloadButton } from '../components/DownloadButton';
import { DropZone } from '../components/DropZone';
import { ProgressBar } from '../components/ProgressBar';
import { desktopBridge } from '../desktop';
import { useNotices } from '../state/notices-store';
import { useRig } from '../state/rig-store';
import { useRoute } from '../state/route-store';
import { useApi } from '../state/session-store';
import { useModel } from '../viewer/use-model';
import { ViewerPanel } from '../viewer/ViewerPanel';
import type { CutoutRequest, CutoutResponse } from '../viewer/cutout-worker';

interface Picked {
  name: string;
  blob: Blob;
  url: string;
}

function useCutout(picked: Picked | null) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{ coverage: number | null; error: string | null; busy: boolean }>({ coverage: null, error: null, busy: false });
  useEffect(() => {
    if (!picked) return;
    setState({ coverage: null, error: null, busy: true });
    const worker = new Worker(new URL('../viewer/cutout-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<CutoutResponse>) => {
      worker.terminate();
      if (!e.data.ok) return setState({ coverage: null, error: e.data.error, busy: false });
      const c = canvas.current;
      if (c) {
        c.width = e.data.width;
        c.height = e.data.height;
        c.getContext('bitmaprenderer')?.transferFromImageBitmap(e.data.bitmap);
      }
      setState({ coverage: e.data.coverage, error: null, busy: false });
    };
    const request: CutoutRequest = { blob: picked.blob, maxSide: 512 };
    worker.postMessage(request);
    return () => worker.terminate();
  }, [picked]);
  return { canvas, ...state };
}

export function GeneratePage() {
  const api = useApi();
  const bridge = desktopBridge();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const cut = useCutout(picked);
  const preview = job ? previewFileOf(job) : null;
  const model = useModel(preview ? { kind: 'url', url: preview.url, name: preview.name } : null, preview?.url ?? 'none');
  const download = job ? resultFile(job) : null;

  useEffect(() => () => {
    if (picked) URL.revokeObjectURL(picked.url);
  }, [picked]);

  const pick = (blob: Blob, name: string) => {
    setJob(null);
    setPicked({ name, blob, url: URL.createObjectURL(blob) });
  };

  const generate = async () => {
    if (!picked) return;
    setSubmitting(true);
    try {
      const created = await api.submitModel({ image_base64: await toBase64(picked.blob) });
      setJob(created);
      const done = await pollJob(api, created.id, { intervalMs: 1500, onUpdate: setJob });
      if (done.status === 'failed') useNotices.getState().push('error', `Generation failed: ${done.error ?? 'no reason given'}`);
    } catch (err) {
      useNotices.getState().error(err, 'Generating');
    } finally {
      setSubmitting(false);
    }
  };

  const sendToRig = () => {
    if (!job) return;
    useRig.getState().setSources([{ kind: 'job', job, name: `${picked?.name.replace(/\.[^.]+$/, '') ?? 'generated'} (generated)` }]);
    useRoute.getState().go('rig');
  };

  const running = job && (job.status === 'queued' || job.status === 'processing');
  return (
    <div className="page generate-page">
      <header className="page-header">
        <h1>Generate</h1>
        <p className="subtitle">Turn a picture of a character or prop into a 3D model, then rig it.</p>
      </header>
      <div className="generate-layout">
        <aside className="panel">
          <DropZone
            label="Image file"
            accept="image/png,image/jpeg,image/webp"
            hint={<>Drop a PNG, JPEG or WebP<br /><small>A plain background cuts out best</small></>}
            onFiles={([f]) => pick(f, f.name)}
            onBrowse={
              bridge
                ? () =>
                    bridge.openImageFile().then(
                      (p) => p && pick(new Blob([p.bytes as Uint8Array<ArrayBuffer>]), p.name),
                      (err: unknown) => useNotices.getState().error(err, 'Opening the image'),
                    )
                : undefined
            }
            compact={Boolean(picked)}
          />
          {picked && (
            <div className="image-pair">
              <figure>
                <img src={picked.url} alt={`Original image ${picked.name}`} />
                <figcaption>Original</figcaption>
              </figure>
              <figure className="checker">
                <canvas ref={cut.canvas} aria-label="Cut-out preview" />
                <figcaption>
                  {cut.busy ? 'Cutting out…' : cut.error ? <span className="error-text">{cut.error}</span> : `Cut-out · subject ${Math.round((cut.coverage ?? 0) * 100)}%`}
                </figcaption>
              </figure>
            </div>
          )}
          <div className="submit-row">
            <button type="button" className="button primary large" disabled={!picked || submitting} onClick={() => void generate()}>
              Generate
            </button>
          </div>
          {running && <ProgressBar value={typeof job.progress === 'number' ? job.progress : null} label={job.stage ? `Generating: ${job.stage}` : job.status === 'queued' ? 'Queued' : 'Generating'} />}
          {job?.status === 'failed' && <p className="error-text" role="alert">{job.error}</p>}
        </aside>
        <section className="rig-main">
          <ViewerPanel
            state={model}
            label="Generated model preview"
            rigControls={false}
            placeholder={<p>The generated model appears here.</p>}
            toolbar={
              job?.status === 'succeeded' && (
                <>
                  {download && <DownloadButton url={download.url} name={download.name} />}
                  <button type="button" className="button primary" onClick={sendToRig}>Send to Rig</button>
                </>
              )
            }
          />
        </section>
      </div>
    </div>
  );
}
