import { describe, expect, it } from 'vitest';
import { detectElectron, type DetectDeps } from '../../../electron/main/launch';

function deps(over: Partial<DetectDeps>): DetectDeps {
  return {
    env: { DISPLAY: ':0' },
    platform: 'linux',
    resolveElectron: () => '/opt/electron/electron',
    isExecutable: () => true,
    ...over,
  };
}

describe('detectElectron', () => {
  it('is available with a binary and a display', () => {
    expect(detectElectron(deps({}))).toEqual({ available: true, electronPath: '/opt/electron/electron', reason: 'ok' });
  });
  it('falls back when the package throws (binary never downloaded)', () => {
    const r = detectElectron(deps({ resolveElectron: () => { throw new Error('Electron failed to install correctly'); } }));
    expect(r).toMatchObject({ available: false, reason: expect.stringMatching(/not installed/) });
  });
  it('falls back when the binary file is missing', () => {
    expect(detectElectron(deps({ isExecutable: () => false })).reason).toMatch(/missing at \/opt\/electron/);
  });
  it('needs a display on Linux only', () => {
    expect(detectElectron(deps({ env: {} })).reason).toMatch(/no display/);
    expect(detectElectron(deps({ env: { WAYLAND_DISPLAY: 'wayland-0' } })).available).toBe(true);
    expect(detectElectron(deps({ env: {}, platform: 'darwin' })).available).toBe(true);
  });
  it('honours RIGDESK_HEADLESS=1', () => {
    expect(detectElectron(deps({ env: { DISPLAY: ':0', RIGDESK_HEADLESS: '1' } })).available).toBe(false);
  });
  it('reports this machine without throwing (no Electron binary here unless installed)', () => {
    const r = detectElectron();
    expect(typeof r.available).toBe('boolean');
    expect(r.reason.length).toBeGreaterThan(0);
  });
});

describe('desktopLauncher', () => {
  it('returns null (headless fallback) when no window can open', async () => {
    const prev = process.env.RIGDESK_HEADLESS;
    process.env.RIGDESK_HEADLESS = '1';
    try {
      const { desktopLauncher } = await import('../../../electron/main/launch');
      expect(await desktopLauncher()).toBeNull();
    } finally {
      if (prev === undefined) delete process.env.RIGDESK_HEADLESS;
      else process.env.RIGDESK_HEADLESS = prev;
    }
  });
});
