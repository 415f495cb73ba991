/** Studio shell: navigation, the current page, notices; connects to the service first. */
import { useEffect } from 'react';
import { NavBar } from './components/NavBar';
import { Notices } from './components/Notices';
import { desktopBridge } from './desktop';
import { AccountPage } from './pages/AccountPage';
import { AnimationsPage } from './pages/AnimationsPage';
import { CatalogPage } from './pages/CatalogPage';
import { GeneratePage } from './pages/GeneratePage';
import { JobsPage } from './pages/JobsPage';
import { RigPage } from './pages/RigPage';
import { useMenu } from './state/menu-store';
import { useNotices } from './state/notices-store';
import { useRig } from './state/rig-store';
import { useRoute } from './state/route-store';
import { useSession } from './state/session-store';

const PAGES = {
  rig: RigPage,
  generate: GeneratePage,
  catalog: CatalogPage,
  animations: AnimationsPage,
  jobs: JobsPage,
  account: AccountPage,
};

function useMenuCommands() {
  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return;
    return bridge.onMenuCommand((command) => {
      const { go } = useRoute.getState();
      switch (command.kind) {
        case 'navigate':
          go(command.page);
          break;
        case 'open-model':
          go('rig');
          bridge.openModelFiles({ multiple: true }).then(
            (files) => files && useRig.getState().setSources(files.map((f) => ({ kind: 'file', name: f.name, bytes: f.bytes }))),
            (err: unknown) => useNotices.getState().error(err, 'Opening the file'),
          );
          break;
        case 'open-image':
          go('generate');
          useMenu.getState().post(command);
          break;
        case 'import-pack':
          go('catalog');
          useMenu.getState().post(command);
          break;
      }
    });
  }, []);
}

function Connecting() {
  const { status, error, baseUrl } = useSession();
  if (status === 'no-key') {
    return (
      <div className="center-message">
        <h1>Studio key needed</h1>
        <p>Open the address that <code>rigdesk serve</code> (or <code>npm start</code>) printed (it ends in <code>#code=…</code>), or run Rigdesk as the desktop app.</p>
        <p className="muted">Service: {baseUrl}</p>
      </div>
    );
  }
  if (status === 'link-dead') {
    return (
      <div className="center-message">
        <h1>Studio link used or expired</h1>
        <p role="alert">{error}</p>
        <p className="muted">Service: {baseUrl}</p>
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div className="center-message">
        <h1>Cannot reach the service</h1>
        <p className="error-text" role="alert">{error}</p>
      </div>
    );
  }
  return <div className="center-message"><span className="spinner" aria-label="Connecting" /></div>;
}

export function App() {
  const status = useSession((s) => s.status);
  const page = useRoute((s) => s.page);
  useEffect(() => {
    void useSession.getState().connect();
    const onHash = () => useRoute.getState().sync();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useMenuCommands();
  const Page = PAGES[page];
  return (
    <div className="app">
      <NavBar />
      <main className="main">{status === 'ready' ? <Page /> : <Connecting />}</main>
      <Notices />
    </div>
  );
}
