/**
 * Catalog: CC0 assets with search, category and pack filters, pages loaded as the grid scrolls,
 * a 3D preview with details and download, and pack import from a folder or zip.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../api/api-error';
import type { Asset, AssetCategories } from '../api/types';
import { DownloadButton } from '../components/DownloadButton';
import { desktopBridge } from '../desktop';
import { useNotices } from '../state/notices-store';
import { useRig } from '../state/rig-store';
import { useRoute } from '../state/route-store';
import { useApi } from '../state/session-store';
import { useModel } from '../viewer/use-model';
import { ViewerPanel } from '../viewer/ViewerPanel';

const PAGE = 48;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function ImportPanel({ onImported }: { onImported(): void }) {
  const api = useApi();
  const bridge = desktopBridge();
  const [path, setPath] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      const r = await api.importAssets(path.trim());
      const imported = typeof r.imported === 'number' ? `${r.imported} assets imported` : 'Import accepted';
      setResult({ ok: true, text: typeof r.message === 'string' ? `${imported}: ${r.message}` : imported });
      onImported();
    } catch (err) {
      setResult({ ok: false, text: describeError(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="import">
      <summary>Import a pack</summary>
      <p className="help">A folder or zip of CC0 models on this machine. Packs without a CC0 licence file are refused.</p>
      <div className="import-row">
        <input aria-label="Pack path" placeholder="/path/to/pack or pack.zip" value={path} onChange={(e) => setPath(e.target.value)} />
        {bridge && (
          <button type="button" className="button" onClick={() => void bridge.pickImportSource().then((p) => p && setPath(p))}>
            Browse…
          </button>
        )}
        <button type="button" className="button primary" disabled={!path.trim() || busy} onClick={() => void run()}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      {result && <p className={result.ok ? 'ok-text' : 'error-text'} role={result.ok ? 'status' : 'alert'}>{result.text}</p>}
    </details>
  );
}

function AssetPreview({ asset, onClose }: { asset: Asset; onClose(): void }) {
  const model = useModel({ kind: 'url', url: asset.url, name: `${asset.name}.glb` }, asset.url);
  const pack = asset.pack ?? asset.id.split('/')[0];
  const rigThis = () => {
    useRig.getState().setSources([{ kind: 'asset', asset }]);
    useRoute.getState().go('rig');
  };
  return (
    <aside className="panel preview-panel" aria-label={`Preview of ${asset.name}`}>
      <div className="section-head">
        <h2>{asset.name}</h2>
        <button type="button" className="icon-button" aria-label="Close preview" onClick={onClose}>×</button>
      </div>
      <ViewerPanel state={model} label={`3D preview of ${asset.name}`} placeholder={<p>Loading…</p>} />
      <dl className="details">
        <dt>Id</dt><dd>{asset.id}</dd>
        <dt>Category</dt><dd>{asset.category}</dd>
        <dt>Pack</dt><dd>{pack}</dd>
        <dt>Licence</dt><dd>CC0-1.0</dd>
        {model.model && (<><dt>Triangles</dt><dd>{model.model.triangles.toLocaleString()}</dd></>)}
      </dl>
      <div className="button-row">
        <DownloadButton url={asset.url} name={`${asset.name.replace(/[^\w.-]+/g, '_')}.glb`} />
        <button type="button" className="button" onClick={rigThis}>Rig this</button>
      </div>
    </aside>
  );
}

/** How often a page asks again while the built-in library installs (first start, about 20 s). */
const LIBRARY_POLL_MS = 2000;

export function CatalogPage() {
  const api = useApi();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [pack, setPack] = useState('');
  const [meta, setMeta] = useState<AssetCategories | null>(null);
  const [assets, setAssets] = useState<Asset[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [installing, setInstalling] = useState(false);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Asset | null>(null);
  const [reload, setReload] = useState(0);
  const debounced = useDebounced(query, 250);
  const sentinel = useRef<HTMLDivElement>(null);
  const generation = useRef(0);

  useEffect(() => {
    api.assetCategories().then(setMeta, (err: unknown) => useNotices.getState().error(err, 'Loading categories'));
  }, [api, reload]);

  const loadPage = useCallback(
    async (offset: number) => {
      const gen = generation.current;
      setLoading(true);
      try {
        const page = await api.listAssets({ query: debounced, category, pack, limit: PAGE, offset });
        if (gen !== generation.current) return;
        setTotal(page.total);
        setInstalling(page.library?.state === 'installing');
        setAssets((prev) => (offset === 0 ? page.assets : [...prev, ...page.assets]));
      } catch (err) {
        if (gen === generation.current) useNotices.getState().error(err, 'Loading the catalog');
      } finally {
        if (gen === generation.current) setLoading(false);
      }
    },
    [api, debounced, category, pack],
  );

  // New filters: start again from the first page.
  useEffect(() => {
    generation.current++;
    setAssets([]);
    setTotal(null);
    void loadPage(0);
  }, [loadPage, reload]);

  // On a first start the built-in packs are still installing: ask again until the service says ready.
  useEffect(() => {
    if (!installing) return;
    const timer = setTimeout(() => setReload((r) => r + 1), LIBRARY_POLL_MS);
    return () => clearTimeout(timer);
  }, [installing, reload]);

  // Next page when the sentinel below the grid comes into view.
  const more = total !== null && assets.length < total;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || loading) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadPage(assets.length);
    }, { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [more, loading, assets.length, loadPage]);

  return (
    <div className={`page catalog-page${selected ? ' with-preview' : ''}`}>
      <header className="page-header">
        <h1>Catalog</h1>
        <p className="subtitle">
          {meta ? `${meta.total_assets.toLocaleString()} CC0 assets in ${meta.packs.length} packs` : 'CC0 props, environment pieces and set dressing'}
        </p>
      </header>
      <div className="filters">
        <input type="search" aria-label="Search" placeholder="Search by name or id" value={query} onChange={(e) => setQuery(e.target.value)} />
        <select aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">All categories</option>
          {meta?.categories.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
        <select aria-label="Pack" value={pack} onChange={(e) => setPack(e.target.value)}>
          <option value="">All packs</option>
          {meta?.packs.map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
        <span className="muted count" role="status">{total === null ? 'Loading…' : `${total.toLocaleString()} matching`}</span>
      </div>
      <ImportPanel onImported={() => setReload((r) => r + 1)} />
      <div className="catalog-body">
        <div className="grid-scroll">
          <ul className="asset-grid" aria-label="Assets">
            {assets.map((a) => (
              <li key={a.id}>
                <button type="button" className={`asset-card${selected?.id === a.id ? ' selected' : ''}`} onClick={() => setSelected(a)} aria-label={`Open ${a.name}`}>
                  <img src={a.thumbnail} alt="" loading="lazy" />
                  <span className="asset-name">{a.name}</span>
                  <span className="asset-cat">{a.category}</span>
                </button>
              </li>
            ))}
          </ul>
          {total === 0 && <p className="empty">{installing ? 'Installing the built-in library… (the first start takes about 20 seconds; this list fills in by itself)' : 'No asset matches these filters.'}</p>}
          <div ref={sentinel} className="sentinel">{loading && <span className="spinner" aria-label="Loading more" />}</div>
        </div>
        {selected && <AssetPreview key={selected.id} asset={selected} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}
