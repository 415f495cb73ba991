import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../../shared/api/desktop-bridge';
import { buildMenuTemplate } from '../../../electron/main/menu-template';

function build(platform: string, isDev = false) {
  const sent: MenuCommand[] = [];
  const opened: string[] = [];
  const template = buildMenuTemplate({
    platform,
    appName: 'Rigdesk',
    isDev,
    send: (c) => sent.push(c),
    openExternal: (u) => opened.push(u),
    serviceBaseUrl: 'http://127.0.0.1:7878',
  });
  return { template, sent, opened };
}

function items(menu: MenuItemConstructorOptions): MenuItemConstructorOptions[] {
  return menu.submenu as MenuItemConstructorOptions[];
}

function find(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  for (const top of template) for (const item of items(top)) if (item.label === label) return item;
  throw new Error(`no menu item ${label}`);
}

function click(item: MenuItemConstructorOptions): void {
  (item.click as () => void)();
}

describe('buildMenuTemplate', () => {
  it('has the app menu only on macOS', () => {
    expect(build('darwin').template[0].label).toBe('Rigdesk');
    expect(build('linux').template.map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'View', 'Window', 'help']);
  });

  it('navigates to every studio page with unique accelerators', () => {
    const { template, sent } = build('linux');
    const view = items(template.find((m) => m.label === 'View')!);
    const pages = view.filter((i) => i.click);
    expect(pages.map((i) => i.label)).toEqual(['Rig', 'Generate', 'Catalog', 'Animations', 'Jobs', 'Account and API']);
    for (const p of pages) click(p);
    expect(sent.map((c) => (c.kind === 'navigate' ? c.page : c.kind))).toEqual(['rig', 'generate', 'catalog', 'animations', 'jobs', 'account']);
    const accelerators = template.flatMap(items).map((i) => i.accelerator).filter(Boolean);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('sends file commands to the studio', () => {
    const { template, sent } = build('win32');
    click(find(template, 'Open Model…'));
    click(find(template, 'Import Pack…'));
    expect(sent).toEqual([{ kind: 'open-model' }, { kind: 'import-pack' }]);
    expect(items(template[0]).at(-1)!.role).toBe('quit');
  });

  it('opens the OpenAPI document of this machine in the browser', () => {
    const { template, opened } = build('linux');
    click(find(template, 'API Reference (OpenAPI)'));
    expect(opened).toEqual(['http://127.0.0.1:7878/openapi.json']);
  });

  it('shows developer tools only in development', () => {
    const roles = (dev: boolean) => items(build('linux', dev).template[2]).map((i) => i.role);
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
  });
});
