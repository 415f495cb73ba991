/** Jobs: history with status and operation filters; open any result, rig it again or download it. */
import { Fragment, useCallback, useEffect, useState } from 'react';
import { previewFileOf, resultFile } from '../api/job-files';
import { isTerminal } from '../api/poll-job';
import { JOB_STATUSES, OPERATIONS, type Job } from '../api/types';
import { DownloadButton } from '../components/DownloadButton';
import { StatusBadge } from '../components/StatusBadge';
import { useNotices } from '../state/notices-store';
import { useRig } from '../state/rig-store';
import { useRoute } from '../state/route-store';
import { useApi } from '../state/session-store';
import { useModel } from '../viewer/use-model';
import { ViewerPanel } from '../viewer/ViewerPanel';

const PAGE = 20;

function when(ts: string): string {
  const d = new Date(ts);
  return Number.isNaN(d.getTime()) ? ts : d.toLocaleString();
}

function JobDetail({ job, onClose }: { job: Job; onClose(): void }) {
  const preview = previewFileOf(job);
  const model = useModel(preview ? { kind: 'url', url: preview.url, name: preview.name } : null, preview?.url ?? 'none');
  const file = resultFile(job);
  const rigThis = () => {
    useRig.getState().setSources([{ kind: 'job', job, name: `${job.operation} ${job.id.slice(0, 8)}` }]);
    useRoute.getState().go('rig');
  };
  return (
    <aside className="panel preview-panel" aria-label={`Job ${job.id}`}>
      <div className="section-head">
        <h2>{job.operation} · <StatusBadge status={job.status} /></h2>
        <button type="button" className="icon-button" aria-label="Close job" onClick={onClose}>×</button>
      </div>
      {job.status === 'succeeded' ? (
        <ViewerPanel state={model} label="Job result preview" autoplay placeholder={<p>Loading…</p>} />
      ) : job.status === 'failed' ? (
        <p className="error-text" role="alert">{job.error}</p>
      ) : (
        <p className="muted">{job.stage ?? job.status}{typeof job.progress === 'number' ? ` · ${Math.round(job.progress * 100)}%` : ''}</p>
      )}
      <dl className="details">
        <dt>Id</dt><dd><code>{job.id}</code></dd>
        <dt>Created</dt><dd>{when(job.created_at)}</dd>
        {job.completed_at && (<><dt>Completed</dt><dd>{when(job.completed_at)}</dd></>)}
        {typeof job.duration_seconds === 'number' && (<><dt>Duration</dt><dd>{job.duration_seconds.toFixed(1)} s</dd></>)}
        {job.output?.files?.map((f) => (
          <Fragment key={f.url}><dt>{f.role}</dt><dd><a href={f.url} download={f.filename}>{f.filename}</a> · {(f.bytes / 1024).toFixed(0)} KB</dd></Fragment>
        ))}
      </dl>
      {job.status === 'succeeded' && (
        <div className="button-row">
          {file && <DownloadButton url={file.url} name={file.name} />}
          <button type="button" className="button" onClick={rigThis}>{job.operation === 'rig' ? 'Rig again' : 'Send to Rig'}</button>
        </div>
      )}
    </aside>
  );
}

export function JobsPage() {
  const api = useApi();
  const [status, setStatus] = useState('');
  const [operation, setOperation] = useState('');
  const [offset, setOffset] = useState(0);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [open, setOpen] = useState<Job | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await api.listJobs({ status, operation, limit: PAGE, offset });
      setJobs(page.jobs);
      setTotal(page.total);
      setOpen((o) => (o ? page.jobs.find((j) => j.id === o.id) ?? o : o));
    } catch (err) {
      useNotices.getState().error(err, 'Loading jobs');
    }
  }, [api, status, operation, offset]);

  useEffect(() => {
    void load();
  }, [load]);

  // Refresh while anything on screen is still running.
  const live = jobs.some((j) => !isTerminal(j));
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => void load(), 3000);
    return () => clearInterval(t);
  }, [live, load]);

  return (
    <div className={`page jobs-page${open ? ' with-preview' : ''}`}>
      <header className="page-header">
        <h1>Jobs</h1>
        <p className="subtitle">Everything submitted through the API on this machine, newest first.</p>
      </header>
      <div className="filters">
        <select aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value); setOffset(0); }}>
          <option value="">All statuses</option>
          {JOB_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <select aria-label="Operation" value={operation} onChange={(e) => { setOperation(e.target.value); setOffset(0); }}>
          <option value="">All operations</option>
          {OPERATIONS.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
        <button type="button" className="button small" onClick={() => void load()}>Refresh</button>
        <span className="muted count" role="status">{total === null ? 'Loading…' : `${total} jobs`}</span>
      </div>
      <div className="catalog-body">
        <div className="table-wrap panel">
          <table className="jobs-table">
            <thead>
              <tr><th /><th>Created</th><th>Operation</th><th>Status</th><th>Duration</th><th>Id</th></tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <tr key={j.id} className={open?.id === j.id ? 'selected' : undefined} onClick={() => setOpen(j)}>
                  <td className="thumb-cell">{j.output?.thumbnail_url ? <img src={j.output.thumbnail_url} alt="" /> : <span className="thumb-empty" />}</td>
                  <td>{when(j.created_at)}</td>
                  <td>{j.operation}</td>
                  <td><StatusBadge status={j.status} /></td>
                  <td>{typeof j.duration_seconds === 'number' ? `${j.duration_seconds.toFixed(1)} s` : '—'}</td>
                  <td><button type="button" className="link-button mono" onClick={(e) => { e.stopPropagation(); setOpen(j); }} aria-label={`Open job ${j.id}`}>{j.id.slice(0, 8)}</button></td>
                </tr>
              ))}
            </tbody>
          </table>
          {total === 0 && <p className="empty">No jobs yet. Rig or generate something.</p>}
          <div className="pager">
            <button type="button" className="button small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Previous</button>
            <span className="muted">{total ? `${offset + 1}–${Math.min(offset + PAGE, total)} of ${total}` : ''}</span>
            <button type="button" className="button small" disabled={total === null || offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>Next</button>
          </div>
        </div>
        {open && <JobDetail key={open.id} job={open} onClose={() => setOpen(null)} />}
      </div>
    </div>
  );
}
