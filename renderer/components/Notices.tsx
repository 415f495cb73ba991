/** Errors and confirmations, bottom right; errors stay until dismissed. */
import { useNotices } from '../state/notices-store';
import { useSession } from '../state/session-store';

export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  const retry = useSession((s) => s.retry);
  return (
    <div className="notices" aria-live="polite">
      {retry && (
        <div className="notice notice-info" role="status">
          {retry.status === 429 ? 'Rate limited' : retry.status === 0 ? 'Service unreachable' : 'Service busy'} ({retry.code}); retrying in{' '}
          {Math.max(1, Math.round(retry.delayMs / 1000))} s (attempt {retry.attempt + 1})
        </div>
      )}
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span>{n.message}</span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
