/**
 * Which URLs the studio window may show and which may go to the system browser. Pure, so it is
 * unit-tested without Electron; `security.ts` wires it into the window.
 */

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when `target` is on the studio's own origin (same scheme, host and port). */
export function isStudioUrl(target: string, studioOrigin: string): boolean {
  const t = parse(target);
  const s = parse(studioOrigin);
  return t !== null && s !== null && t.protocol === s.protocol && t.host === s.host && t.origin !== 'null';
}

/** In-window navigation is allowed only within the studio origin; everything else is blocked. */
export function isAllowedNavigation(target: string, studioOrigin: string): boolean {
  return isStudioUrl(target, studioOrigin);
}

const EXTERNAL_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

/**
 * The URL to hand to the system browser, or null when it must not leave the app
 * (file:, javascript:, data:, custom schemes, credentials in the URL, or the studio itself).
 */
export function externalUrlOrNull(target: string, studioOrigin: string): string | null {
  const t = parse(target);
  if (!t || !EXTERNAL_PROTOCOLS.has(t.protocol)) return null;
  if (t.username || t.password) return null;
  if (t.protocol !== 'mailto:' && !t.hostname) return null;
  if (isStudioUrl(target, studioOrigin)) return null;
  return t.href;
}

/** True when `target` is a file served by the local service (downloads are limited to these). */
export function isServiceUrl(target: string, serviceBaseUrl: string): boolean {
  return isStudioUrl(target, serviceBaseUrl);
}
