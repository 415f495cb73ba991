/**
 * The native menu as plain data. Pure (only a type import from Electron) so its structure,
 * accelerators and commands are unit-tested; `index.ts` passes it to `Menu.buildFromTemplate`.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand, StudioPage } from '../../shared/api/desktop-bridge';

export interface MenuOptions {
  platform: string;
  appName: string;
  /** Show developer tools entries. */
  isDev: boolean;
  send(command: MenuCommand): void;
  openExternal(url: string): void;
  /** Service origin, used by Help > API reference. */
  serviceBaseUrl: string;
}

export const PROJECT_URL = 'https://github.com/rigdesk/rigdesk';

const PAGES: { page: StudioPage; label: string }[] = [
  { page: 'rig', label: 'Rig' },
  { page: 'generate', label: 'Generate' },
  { page: 'catalog', label: 'Catalog' },
  { page: 'animations', label: 'Animations' },
  { page: 'jobs', label: 'Jobs' },
  { page: 'account', label: 'Account and API' },
];

export function buildMenuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];

  if (mac) {
    template.push({
      label: o.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }

  template.push({
    label: 'File',
    submenu: [
      { label: 'Open Model…', accelerator: 'CmdOrCtrl+O', click: () => o.send({ kind: 'open-model' }) },
      { label: 'Open Image…', accelerator: 'CmdOrCtrl+Shift+O', click: () => o.send({ kind: 'open-image' }) },
      { label: 'Import Pack…', accelerator: 'CmdOrCtrl+I', click: () => o.send({ kind: 'import-pack' }) },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  });

  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  });

  const view: MenuItemConstructorOptions[] = PAGES.map(({ page, label }, i) => ({
    label,
    accelerator: `CmdOrCtrl+${i + 1}`,
    click: () => o.send({ kind: 'navigate', page }),
  }));
  view.push({ type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' });
  view.push({ type: 'separator' }, { role: 'togglefullscreen' });
  if (o.isDev) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  template.push({ label: 'View', submenu: view });

  template.push({
    label: 'Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  });

  template.push({
    role: 'help',
    submenu: [
      {
        label: 'API Reference (OpenAPI)',
        click: () => o.openExternal(new URL('/openapi.json', o.serviceBaseUrl).href),
      },
      { label: 'Rigdesk Project Page', click: () => o.openExternal(PROJECT_URL) },
    ],
  });
  return template;
}
