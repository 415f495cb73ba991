/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with the flags of
 * GUIDE §6. WebGL runs on SwiftShader (software), so 3D views render without a GPU.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.RIGDESK_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Software WebGL for the r3f canvases (Chromium refuses the SwiftShader fallback otherwise).
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}
