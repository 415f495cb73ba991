/**
 * Creates the studio window with the hardened preferences and restores/saves its state.
 */
import { BrowserWindow, screen } from 'electron';
import { fitWindowState, WINDOW_DEFAULTS } from './window-state';
import { loadWindowState, saveWindowState } from './window-state-store';
import { secureWebPreferences } from './security';

export interface MainWindowOptions {
  preloadPath: string;
  stateFile: string;
  studioUrl: string;
  title: string;
}

export function createMainWindow(o: MainWindowOptions): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const state = fitWindowState(loadWindowState(o.stateFile), workAreas);
  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: WINDOW_DEFAULTS.minWidth,
    minHeight: WINDOW_DEFAULTS.minHeight,
    title: o.title,
    backgroundColor: '#15171c', // the studio's background: no white flash before first paint
    show: false,
    webPreferences: secureWebPreferences(o.preloadPath),
  });
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  let timer: NodeJS.Timeout | undefined;
  const persist = () => {
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    const bounds = win.getNormalBounds();
    saveWindowState(o.stateFile, { ...bounds, maximized: win.isMaximized() });
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(persist, 400);
  };
  win.on('resize', schedule);
  win.on('move', schedule);
  win.on('maximize', schedule);
  win.on('unmaximize', schedule);
  win.on('close', () => {
    clearTimeout(timer);
    persist();
  });

  void win.loadURL(o.studioUrl);
  return win;
}
