/**
 * Rig: pick a source (dropped files, a catalog asset, a generated model or a past job), preview
 * it facing +Z, choose the rig settings, submit, follow the job and inspect the result.
 */
import { useEffect, useMemo, useState } from 'react';
import { describeError } from '../api/api-error';
import { previewFileOf, reportFileOf, resultFile } from '../api/job-files';
import { isTerminal } from '../api/poll-job';
import { ENGINES, OUTPUT_FORMATS, PRICES, RIG_TYPES, type AnimationClip, type RigType } from '../api/types';
import { BodyPlanPicture } from '../components/BodyPlanPicture';
import { DownloadButton } from '../components/DownloadButton';
import { DropZone } from '../components/DropZone';
import { ProgressBar } from '../components/ProgressBar';
import { RigReportPanel } from '../components/RigReportPanel';
import { StatusBadge } from '../components/StatusBadge';
import { desktopBridge } from '../desktop';
import { useNotices } from '../state/notices-store';
import { precheckFile } from '../state/rig-check';
import { resumePolling, runRig } from '../state/rig-runner';
import { sourceName, useRig, type BatchItem, type RigCheckState, type RigSource } from '../state/rig-store';
import { useApi } from '../state/session-store';
import { useClipList } from '../state/use-clip-list';
import { useRigReport } from '../state/use-rig-report';
import { jointColours } from '../viewer/joint-confidence';
import { useModel, type ModelInput } from '../viewer/use-model';
import { ViewerPanel } from '../viewer/ViewerPanel';
import { ClipPicker } from '../components/ClipPicker';
import { JointEditPanel } from '../components/JointEditPanel';
import { JointEditor } from '../edit/JointEditor';
import { applyCorrection } from '../state/apply-correction';
import { canEditJoints, useJointEdit } from '../state/joint-edit-store';

const PLAN_LABELS: Record<RigType, string> = {
  biped: 'Biped',
  quadruped: 'Quadruped',
  hexapod: 'Hexapod',
  octopod: 'Octopod',
  avian: 'Avian',
  serpentine: 'Serpentine',
  aquatic: 'Aquatic',
  others: 'Others',
};


async function filesToSources(files: File[]): Promise<RigSource[]> {
  return Promise.all(files.map(async (f) => ({ kind: 'file' as const, name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

function sourceInput(source: RigSource | undefined): [ModelInput, string] {
  if (!source) return [null, 'none'];
  if (source.kind === 'file') return [{ kind: 'bytes', bytes: source.bytes, name: source.name }, `file:${source.name}:${source.bytes.byteLength}`];
  if (source.kind === 'asset') return [{ kind: 'url', url: source.asset.url, name: `${source.asset.name}.glb` }, `asset:${source.asset.id}`];
  const f = previewFileOf(source.job);
  return [f ? { kind: 'url', url: f.url, name: f.name } : null, `job:${source.job.id}`];
}

const POSE_LABELS = { t_pose: 'T-pose', a_pose: 'A-pose', arms_down: 'arms down', unknown: '' } as const;

/** What the free pre-check found for the dropped file: the preselection it made, the pose and its warnings. */
function RigCheckNote({ check }: { check: RigCheckState }) {
  const r = check.result;
  if (check.error) return <p className="rig-check muted" role="status">Pre-check of {check.name} failed: {check.error}</p>;
  if (!r) return <p className="rig-check muted" role="status">Checking {check.name}…</p>;
  return (
    <section className="rig-check" aria-label="Pre-check" role="status">
      <p>
        {r.suggested_rig_type ? <>Looks like a <strong>{PLAN_LABELS[r.suggested_rig_type]}</strong></> : 'No body plan suggested'}
        {r.suggested_rotation_y !== null && <>, rotation {r.suggested_rotation_y}°</>}
        {POSE_LABELS[r.pose] && <>, {POSE_LABELS[r.pose]}</>} ({r.triangles.toLocaleString()} triangles). Preselected below; change it if it is wrong.
      </p>
      {r.warnings.length > 0 && (
        <ul className="rig-check-warnings">
          {r.warnings.map((w) => <li key={w.code} title={w.message}>{w.message}</li>)}
        </ul>
      )}
    </section>
  );
}

function stageText(item: BatchItem): string {
  const j = item.job;
  if (!j) return item.error ? 'Refused' : 'Not submitted';
  if (j.status === 'queued') return 'Queued';
  if (j.status === 'processing') return j.stage ? `Processing: ${j.stage}` : 'Processing';
  if (j.status === 'failed') return 'Failed';
  return `Done in ${j.duration_seconds?.toFixed(1) ?? '?'} s`;
}

export function RigPage() {
  const api = useApi();
  const { settings, items, selected, check, setSettings, setSources, addSources, select, clear } = useRig();
  const [submitting, setSubmitting] = useState(false);
  // Files still being read: Rig waits for them, or it would submit the previous source.
  const [reading, setReading] = useState(0);
  const [view, setView] = useState<'source' | 'result'>('source');
  const bridge = desktopBridge();
  const current = items.find((it) => it.id === selected) ?? items[0];

  useEffect(() => resumePolling(api), [api]);
  // Clips to bake follow the body plan.
  const clips = useClipList(api, settings.rigType);

  useEffect(() => {
    // A new body plan has other clips: drop the ones no longer listed.
    const kept = settings.clipUrls.filter((url) => clips.some((c) => c.url === url));
    if (kept.length !== settings.clipUrls.length) setSettings({ clipUrls: kept });
  }, [clips, settings.clipUrls, setSettings]);

  // Show the result as soon as the selected job succeeds.
  const currentStatus = current?.job?.status;
  useEffect(() => {
    setView(currentStatus === 'succeeded' ? 'result' : 'source');
  }, [currentStatus, current?.id]);

  const [srcInput, srcKey] = useMemo(() => sourceInput(current?.source), [current?.source]);
  const sourceModel = useModel(srcInput, srcKey);
  const result = current?.job ? previewFileOf(current.job) : null;
  const resultModel = useModel(result && view === 'result' ? { kind: 'url', url: result.url, name: result.name } : null, result && view === 'result' ? result.url : 'none');
  const download = current?.job ? resultFile(current.job) : null;
  // The rig report: verdict, warnings and a confidence per joint, shown as coloured markers.
  const reportFile = current?.job ? reportFileOf(current.job) : null;
  const rigReport = useRigReport(reportFile?.url ?? null);
  const [showJoints, setShowJoints] = useState(true);
  const colours = useMemo(() => (rigReport.report ? jointColours(rigReport.report) : null), [rigReport.report]);
  // Edit joints: open for the selected job's rig while its result is shown.
  const editJob = useJointEdit((s) => s.jobId);
  const editView = useJointEdit((s) => s.view);
  const [applying, setApplying] = useState(false);
  const editing = Boolean(editJob && editJob === current?.job?.id && view === 'result' && rigReport.report && resultModel.model);
  useEffect(() => {
    // Another job or the source view closes the mode.
    if (editJob && (editJob !== current?.job?.id || view !== 'result')) useJointEdit.getState().close();
  }, [editJob, current?.job?.id, view]);
  const handleRadius = useMemo(() => {
    const b = rigReport.report?.bounds;
    return b ? Math.hypot(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]) * 0.012 : 0.01;
  }, [rigReport.report]);
  const applyEdit = () => {
    if (!current?.job) return;
    setApplying(true);
    applyCorrection(api, current.job, sourceName(current.source))
      .catch((err: unknown) => useNotices.getState().push('error', describeError(err)))
      .finally(() => setApplying(false));
  };

  const onFiles = (files: File[], append = false) => {
    setReading((n) => n + 1);
    filesToSources(files)
      .then(
        (sources) => {
          if (append) return addSources(sources);
          setSources(sources);
          // Free pre-check of the first dropped file: preselects body plan and rotation.
          const first = sources[0];
          if (first?.kind === 'file') void precheckFile(api, first);
        },
        (err: unknown) => useNotices.getState().error(err, 'Reading the file'),
      )
      .finally(() => setReading((n) => n - 1));
  };

  const browse = () => {
    bridge?.openModelFiles({ multiple: true }).then(
      (picked) => {
        if (!picked) return;
        setSources(picked.map((p) => ({ kind: 'file', name: p.name, bytes: p.bytes })));
        if (picked[0]) void precheckFile(api, picked[0]);
      },
      (err: unknown) => useNotices.getState().error(err, 'Opening the file'),
    );
  };

  const pending = items.filter((it) => !it.job || it.job.status === 'failed');
  const busy = items.some((it) => it.job && !isTerminal(it.job));
  const cost = (settings.engine === 'pro' ? PRICES.rig_pro : PRICES.rig_fast) + settings.clipUrls.length * PRICES.retarget_clip;

  const submit = () => {
    setSubmitting(true);
    // The store's items now, not this render's: a source may have changed since.
    const now = useRig.getState().items;
    const todo = now.filter((it) => !it.job || it.job.status === 'failed');
    runRig(api, todo.length ? todo : now)
      .catch((err: unknown) => useNotices.getState().push('error', describeError(err)))
      .finally(() => setSubmitting(false));
  };

  const job = current?.job;
  return (
    <div className="page rig-page">
      <header className="page-header">
        <h1>Rig</h1>
        <p className="subtitle">Give a mesh a skeleton and skin weights. Characters should face the blue +Z arrow.</p>
      </header>
      <div className="rig-layout">
        <aside className="panel rig-form">
          <DropZone
            label="Model file"
            accept=".glb,.gltf,.fbx,.obj,.stl,.dae,.3ds,.zip"
            multiple
            hint={<>Drop GLB, FBX, OBJ or STL files here<br /><small>Several files rig as a batch</small></>}
            onFiles={(f) => onFiles(f)}
            onBrowse={bridge ? browse : undefined}
            compact={items.length > 0}
          />
          {items.length > 0 && (
            <section className="batch" aria-label="Files to rig">
              <div className="section-head">
                <h2>{items.length === 1 ? 'Source' : `Batch · ${items.length} files`}</h2>
                <button type="button" className="link-button" onClick={clear}>Clear</button>
              </div>
              <ul className="batch-list">
                {items.map((it) => (
                  <li key={it.id} className={it.id === current?.id ? 'selected' : undefined}>
                    <button type="button" className="batch-item" onClick={() => select(it.id)}>
                      <span className="batch-name">{sourceName(it.source)}</span>
                      <span className="batch-state">{it.job ? <StatusBadge status={it.job.status} /> : it.error ? <StatusBadge status="refused" /> : null}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <DropZone label="Add files" accept=".glb,.gltf,.fbx,.obj,.stl,.dae,.3ds,.zip" multiple hint="Add more files" onFiles={(f) => onFiles(f, true)} compact />
            </section>
          )}

          {check && <RigCheckNote check={check} />}
          <section aria-label="Rig settings" className="settings">
            <label className="field">
              <span>Body plan</span>
              <select value={settings.rigType} onChange={(e) => setSettings({ rigType: e.target.value as RigType })}>
                {RIG_TYPES.map((t) => (
                  <option key={t} value={t}>{PLAN_LABELS[t]}</option>
                ))}
              </select>
            </label>
            <div className="plan-grid" role="group" aria-label="Body plan pictures">
              {RIG_TYPES.map((t) => (
                <button
                  key={t}
                  type="button"
                  className={`plan${settings.rigType === t ? ' active' : ''}`}
                  aria-pressed={settings.rigType === t}
                  title={PLAN_LABELS[t]}
                  onClick={() => setSettings({ rigType: t })}
                >
                  <BodyPlanPicture type={t} />
                  <span>{PLAN_LABELS[t]}</span>
                </button>
              ))}
            </div>

            <div className="field">
              <label htmlFor="rotation">Rotation</label>
              <div className="rotation-row">
                {[-90, 90, 180].map((r) => (
                  <button key={r} type="button" className="button small" onClick={() => setSettings({ rotation: r })} aria-label={`Rotate ${r}°`}>
                    {r > 0 ? `+${r}` : r}°
                  </button>
                ))}
                <button type="button" className="button small" onClick={() => setSettings({ rotation: 0 })} aria-label="Reset rotation">0°</button>
                <input
                  id="rotation"
                  type="number"
                  step={1}
                  min={-360}
                  max={360}
                  value={settings.rotation}
                  onChange={(e) => setSettings({ rotation: Number.isFinite(e.target.valueAsNumber) ? e.target.valueAsNumber : 0 })}
                />
              </div>
              <small className="help">About Y, before rigging. -90 for a model facing +X, 90 facing -X, 180 facing -Z.</small>
            </div>

            <div className="field-row">
              <label className="field">
                <span>Engine</span>
                <select value={settings.engine} onChange={(e) => setSettings({ engine: e.target.value as 'fast' | 'pro' })}>
                  {ENGINES.map((e) => (
                    <option key={e} value={e}>{e === 'fast' ? 'Fast (20 credits)' : 'Pro (31 credits)'}</option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>Output format</span>
                <select value={settings.outputFormat} onChange={(e) => setSettings({ outputFormat: e.target.value as 'glb' | 'fbx' })}>
                  {OUTPUT_FORMATS.map((f) => (
                    <option key={f} value={f}>{f.toUpperCase()}</option>
                  ))}
                </select>
              </label>
            </div>

            <div className="check">
              <input
                id="fingers"
                type="checkbox"
                checked={settings.fingers}
                disabled={settings.engine === 'pro'}
                aria-describedby="fingers-help"
                onChange={(e) => setSettings({ fingers: e.target.checked })}
              />
              <label htmlFor="fingers">Fingers</label>
              <small id="fingers-help" className="help">+30 bones; for separate fingers. Fast engine only.</small>
            </div>

            <ClipPicker clips={clips} selected={settings.clipUrls} disabled={settings.engine === 'pro'} onChange={(clipUrls) => setSettings({ clipUrls })} />
          </section>

          <div className="submit-row">
            <button type="button" className="button primary large" disabled={items.length === 0 || submitting || reading > 0} onClick={submit}>
              Rig
            </button>
            <span className="cost">
              {items.length > 1 ? `${pending.length || items.length} × ` : ''}
              {cost} credits
            </span>
          </div>
        </aside>

        <section className="rig-main">
          <div className="tabs" role="tablist" aria-label="Preview">
            <button type="button" role="tab" aria-selected={view === 'source'} onClick={() => setView('source')}>Source</button>
            <button type="button" role="tab" aria-selected={view === 'result'} disabled={job?.status !== 'succeeded'} onClick={() => setView('result')}>
              Result
            </button>
          </div>
          {view === 'source' ? (
            <ViewerPanel
              key="source"
              state={sourceModel}
              label="Source model preview"
              rotationDeg={settings.rotation}
              placeholder={<p>Drop a model to preview it here.<br /><small>Or pick one in Catalog, Generate or Jobs.</small></p>}
            />
          ) : (
            <ViewerPanel
              key="result"
              state={resultModel}
              label="Rigged model preview"
              autoplay
              placeholder={<p>The rigged model appears here.</p>}
              toolbar={download && <DownloadButton url={download.url} name={download.name} label={`Download ${download.name.split('.').pop()?.toUpperCase()}`} />}
              jointColours={showJoints ? colours : null}
              view={editing ? editView : 'orbit'}
              editor={editing && resultModel.model && rigReport.report ? (
                <JointEditor model={resultModel.model} joints={rigReport.report.joints} engine={job?.engine === 'pro' ? 'pro' : 'fast'} handleRadius={handleRadius} />
              ) : undefined}
              below={editing && rigReport.report ? (
                <JointEditPanel report={rigReport.report} applying={applying} onApply={applyEdit} onClose={() => useJointEdit.getState().close()} />
              ) : view === 'result' && job && rigReport.report && canEditJoints(rigReport.report) && resultModel.model ? (
                <div className="joint-edit-open">
                  <button type="button" className="button" onClick={() => useJointEdit.getState().open(job.id, rigReport.report!)}>Edit joints</button>
                  <small className="help">Move joints by hand, see the skin follow, then apply a correction ({PRICES.rig_correction} credit).</small>
                </div>
              ) : undefined}
            />
          )}
          {view === 'result' && <RigReportPanel state={rigReport} showJoints={showJoints} onShowJointsChange={setShowJoints} />}
          {!current && (
            <div className="job-strip" aria-label="Job status">
              <p className="muted">No model yet: drop a file, or pick one in Catalog, Generate or Jobs.</p>
            </div>
          )}
          {current && (
            <div className="job-strip" aria-label="Job status">
              {job && !isTerminal(job) && (
                <ProgressBar value={typeof job.progress === 'number' ? job.progress : null} label={stageText(current)} />
              )}
              {job && isTerminal(job) && (
                <p className={job.status === 'failed' ? 'error-text' : 'ok-text'} role={job.status === 'failed' ? 'alert' : undefined}>
                  <StatusBadge status={job.status} /> {job.status === 'failed' ? job.error : stageText(current)}
                </p>
              )}
              {!job && current.error && <p className="error-text" role="alert">{current.error}</p>}
              {!job && !current.error && <p className="muted">{busy ? 'Waiting for the batch…' : 'Ready to rig.'}</p>}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
