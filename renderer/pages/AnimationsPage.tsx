/** Animations: the CC0 clip catalog by body plan, each previewed on a sample character. */
import { useEffect, useState } from 'react';
import { RIG_TYPES, type AnimationClip, type RigType } from '../api/types';
import { useNotices } from '../state/notices-store';
import { useApi } from '../state/session-store';
import { useModel } from '../viewer/use-model';
import { ViewerPanel } from '../viewer/ViewerPanel';

function previewSource(clip: AnimationClip): { url: string; name: string } {
  // preview_url is a sample character with the clip when the catalog has one; else the clip file.
  const p = clip.preview_url;
  if (p && /\.(glb|gltf|fbx)(\?|$)/i.test(p)) return { url: p, name: p.split('?')[0].split('/').pop() ?? 'preview.glb' };
  return { url: clip.url, name: clip.url.split('?')[0].split('/').pop() || `${clip.id}.glb` };
}

function ClipPreview({ clip }: { clip: AnimationClip }) {
  const src = previewSource(clip);
  const model = useModel({ kind: 'url', url: src.url, name: /\.\w+$/.test(src.name) ? src.name : `${src.name}.glb` }, src.url);
  return <ViewerPanel state={model} label={`Preview of clip ${clip.name}`} autoplay placeholder={<p>Loading…</p>} />;
}

/** How often the page asks again while the built-in library installs (first start, about 20 s). */
const LIBRARY_POLL_MS = 2000;

export function AnimationsPage() {
  const api = useApi();
  const [rigType, setRigType] = useState<RigType | ''>('');
  const [clips, setClips] = useState<AnimationClip[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [installing, setInstalling] = useState(false);
  const [selected, setSelected] = useState<AnimationClip | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setTotal(null);
    const load = (): void => {
      api.listAnimations({ rig_type: rigType || undefined, limit: 200 }, controller.signal).then(
        (list) => {
          setClips(list.animations);
          setTotal(list.total);
          const stillInstalling = list.library?.state === 'installing';
          setInstalling(stillInstalling);
          setSelected((s) => (s && list.animations.some((c) => c.id === s.id) ? s : list.animations[0] ?? null));
          // On a first start the built-in clips are still installing: ask again until the service says ready.
          if (stillInstalling) timer = setTimeout(load, LIBRARY_POLL_MS);
        },
        (err: unknown) => !controller.signal.aborted && useNotices.getState().error(err, 'Loading clips'),
      );
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, rigType]);

  const counts = new Map<string, number>();
  for (const c of clips) counts.set(c.rig_type, (counts.get(c.rig_type) ?? 0) + 1);

  return (
    <div className="page animations-page">
      <header className="page-header">
        <h1>Animations</h1>
        <p className="subtitle">CC0 clips that Rig can bake into a result (fast engine, 10 credits per clip).</p>
      </header>
      <div className="filters">
        <select aria-label="Body plan" value={rigType} onChange={(e) => setRigType(e.target.value as RigType | '')}>
          <option value="">All body plans</option>
          {RIG_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
        <span className="muted count" role="status">{total === null ? 'Loading…' : `${total} clips`}</span>
      </div>
      <div className="split">
        <ul className="clip-list panel" aria-label="Clips">
          {clips.map((c) => (
            <li key={c.id}>
              <button type="button" className={`clip-item${selected?.id === c.id ? ' selected' : ''}`} onClick={() => setSelected(c)}>
                <span className="clip-name">{c.name}</span>
                <span className="muted">{c.rig_type} · {c.duration_seconds.toFixed(1)} s · {c.fps} fps{c.loop ? ' · loop' : ''}</span>
              </button>
            </li>
          ))}
          {total === 0 && <li className="empty">{installing ? 'Installing the built-in library… (the first start takes about 20 seconds; this list fills in by itself)' : 'No clips for this body plan yet.'}</li>}
        </ul>
        <section className="rig-main">
          {selected ? <ClipPreview key={selected.id} clip={selected} /> : <div className="viewer empty-viewer"><p>Select a clip.</p></div>}
          {selected && (
            <dl className="details inline">
              <dt>Clip</dt><dd>{selected.name}</dd>
              <dt>Body plan</dt><dd>{selected.rig_type}</dd>
              <dt>Licence</dt><dd>{selected.license}</dd>
              <dt>Id</dt><dd><code>{selected.id}</code></dd>
            </dl>
          )}
        </section>
      </div>
    </div>
  );
}
