/**
 * Account and API: plan, status, balance (credits and dollars), usage chart, rate limit;
 * API keys (create, copy once, revoke); snippets that rig a file against this machine.
 */
import { useCallback, useEffect, useState } from 'react';
import { describeError } from '../api/api-error';
import type { Account, ApiKeyRecord, CreatedApiKey } from '../api/types';
import { CodeBlock, CopyButton } from '../components/CodeBlock';
import { buildSnippets, type Snippet } from '../components/snippets';
import { UsageChart } from '../components/UsageChart';
import { fillUsageDays } from '../components/usage-days';
import { useSession } from '../state/session-store';
import { useNotices } from '../state/notices-store';
import { useApi } from '../state/session-store';

const dollars = (credits: number) => `$${(credits / 100).toFixed(2)}`;

function date(ts: string | null): string {
  if (!ts) return '—';
  const d = new Date(ts);
  return Number.isNaN(d.getTime()) ? ts : d.toLocaleDateString();
}

function Keys({ onCreated }: { onCreated(key: CreatedApiKey): void }) {
  const api = useApi();
  const studioKey = useSession((s) => s.studioKey);
  const [keys, setKeys] = useState<ApiKeyRecord[] | null>(null);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    api.listKeys().then(
      (list) => {
        setKeys(list.keys);
        setError(null);
      },
      (err: unknown) => setError(describeError(err)),
    );
  }, [api]);
  useEffect(load, [load]);

  const create = async () => {
    try {
      const k = await api.createKey(label.trim() || undefined);
      setCreated(k);
      setLabel('');
      onCreated(k);
      load();
    } catch (err) {
      useNotices.getState().error(err, 'Creating the key');
    }
  };
  const revoke = async (k: ApiKeyRecord) => {
    try {
      await api.revokeKey(k.id);
      if (created?.id === k.id) setCreated(null);
      useNotices.getState().push('success', `Key ${k.prefix}… revoked`);
      load();
    } catch (err) {
      useNotices.getState().error(err, 'Revoking the key');
    }
  };

  return (
    <section className="panel" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p className="help">For your scripts and game engines. A key is shown once, when it is created; the studio itself uses a temporary key that is revoked when Rigdesk closes.</p>
      <div className="import-row">
        <input aria-label="Key label" placeholder="Label, e.g. Unity project" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={80} />
        <button type="button" className="button primary" onClick={() => void create()}>Create key</button>
      </div>
      {created && (
        <div className="new-key" role="status">
          <p><strong>New key{created.label ? ` “${created.label}”` : ''}.</strong> Copy it now: it will not be shown again.</p>
          <div className="key-row">
            <code aria-label="New API key">{created.key}</code>
            <CopyButton text={created.key} label="Copy key" />
          </div>
        </div>
      )}
      {error && <p className="error-text" role="alert">{error}</p>}
      {keys && (
        <table className="keys-table">
          <thead>
            <tr><th>Key</th><th>Label</th><th>Created</th><th>Status</th><th /></tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id}>
                <td><code>{k.prefix}…</code></td>
                <td>{studioKey.startsWith(k.prefix) ? 'This studio (temporary)' : k.label || '—'}</td>
                <td>{date(k.created_at)}</td>
                <td>{k.revoked_at ? <span className="badge badge-failed">revoked</span> : <span className="badge badge-succeeded">active</span>}</td>
                <td>
                  {!k.revoked_at && !studioKey.startsWith(k.prefix) && (
                    <button type="button" className="button small danger" aria-label={`Revoke ${k.label ?? k.prefix}`} onClick={() => void revoke(k)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {keys.length === 0 && (
              <tr><td colSpan={5} className="empty">No keys yet.</td></tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Snippets({ apiRoot, keyText }: { apiRoot: string; keyText?: string }) {
  const snippets = buildSnippets({ apiRoot, key: keyText });
  const [tab, setTab] = useState<Snippet['id']>('curl');
  const current = snippets.find((s) => s.id === tab) ?? snippets[0];
  return (
    <section className="panel" aria-labelledby="snippets-title">
      <h2 id="snippets-title">Rig a file from your tools</h2>
      <p className="help">Against this machine: <code>{apiRoot}</code>{keyText ? ' (with your new key)' : ' (paste one of your keys)'}.</p>
      <div className="tabs" role="tablist" aria-label="Snippet language">
        {snippets.map((s) => (
          <button key={s.id} type="button" role="tab" aria-selected={s.id === current.id} onClick={() => setTab(s.id)}>{s.title}</button>
        ))}
      </div>
      <CodeBlock code={current.code} label={current.title} />
    </section>
  );
}

export function AccountPage() {
  const api = useApi();
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newKey, setNewKey] = useState<string | undefined>();

  useEffect(() => {
    const controller = new AbortController();
    api.account(controller.signal).then(
      (a) => {
        setAccount(a);
        setError(null);
      },
      // An aborted request belongs to an effect that was replaced: not an error to show.
      (err: unknown) => !controller.signal.aborted && setError(describeError(err)),
    );
    return () => controller.abort();
  }, [api]);

  return (
    <div className="page account-page">
      <header className="page-header">
        <h1>Account and API</h1>
        <p className="subtitle">The local owner account of this machine. 100 credits = $1.00.</p>
      </header>
      {error && <p className="error-text" role="alert">{error}</p>}
      {account && (
        <div className="cards">
          <div className="card">
            <span className="card-label">Plan</span>
            <span className="card-value cap">{account.plan}</span>
            <span className="muted">
              <span className={`badge badge-${account.subscription_status === 'active' ? 'succeeded' : 'failed'}`}>{account.subscription_status}</span>
              {account.cancel_at_period_end ? ' · cancels at period end' : ''}
            </span>
          </div>
          <div className="card">
            <span className="card-label">Balance</span>
            <span className="card-value">{account.balance.total.toLocaleString()} <small>credits</small></span>
            <span className="muted">{dollars(account.balance.total)} · {account.balance.subscription.toLocaleString()} subscription + {account.balance.purchased.toLocaleString()} purchased</span>
          </div>
          <div className="card">
            <span className="card-label">Period ends</span>
            <span className="card-value">{date(account.current_period_end)}</span>
            <span className="muted">Subscription credits expire then</span>
          </div>
          <div className="card">
            <span className="card-label">Rate limit</span>
            <span className="card-value">{account.rate_limit.remaining}<small> / {account.rate_limit.limit}</small></span>
            <span className="muted">requests left in a trailing {account.rate_limit.window_seconds} s window</span>
          </div>
        </div>
      )}
      {account && (
        <section className="panel" aria-labelledby="usage-title">
          <h2 id="usage-title">Usage</h2>
          <UsageChart days={fillUsageDays(account.usage.days, new Date().toISOString())} />
        </section>
      )}
      <div className="two-col">
        <Keys onCreated={(k) => setNewKey(k.key)} />
        <Snippets apiRoot={api.apiRoot} keyText={newKey} />
      </div>
    </div>
  );
}
