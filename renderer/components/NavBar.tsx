/** Left navigation: one link per page (accessible names Rig, Generate, ... Account). */
import type { StudioPage } from '../../shared/api/desktop-bridge';
import { useRoute } from '../state/route-store';
import { useSession } from '../state/session-store';

const LINKS: { page: StudioPage; label: string; icon: string }[] = [
  { page: 'rig', label: 'Rig', icon: 'M12 3v5m0 0l-5 4m5-4l5 4M12 8v6m0 0l-4 7m4-7l4 7' },
  { page: 'generate', label: 'Generate', icon: 'M4 18l5-6 4 4 3-3 4 5M4 5h16v14H4z' },
  { page: 'catalog', label: 'Catalog', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { page: 'animations', label: 'Animations', icon: 'M6 4l13 8-13 8z' },
  { page: 'jobs', label: 'Jobs', icon: 'M5 6h14M5 12h14M5 18h9' },
  { page: 'account', label: 'Account', icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8c0-4 3-6 7-6s7 2 7 6' },
];

export function NavBar() {
  const page = useRoute((s) => s.page);
  const baseUrl = useSession((s) => s.baseUrl);
  const status = useSession((s) => s.status);
  return (
    <nav className="nav" aria-label="Studio">
      <div className="brand">
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path d="M12 2l9 5v10l-9 5-9-5V7z" fill="none" stroke="#4aa3ff" strokeWidth="1.8" />
          <path d="M12 7v6m0 0l-4 4m4-4l4 4" stroke="#e8ecf3" strokeWidth="1.8" fill="none" strokeLinecap="round" />
        </svg>
        <span>Rigdesk</span>
      </div>
      <ul>
        {LINKS.map((l) => (
          <li key={l.page}>
            <a href={`#/${l.page}`} className={page === l.page ? 'active' : undefined} aria-current={page === l.page ? 'page' : undefined}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d={l.icon} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" />
              </svg>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
      <div className="nav-footer">
        <span className={`dot dot-${status}`} aria-hidden="true" />
        <span title={baseUrl}>{status === 'ready' ? new URL(baseUrl).host : status}</span>
      </div>
    </nav>
  );
}
