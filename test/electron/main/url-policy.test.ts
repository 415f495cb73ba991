import { describe, expect, it } from 'vitest';
import { externalUrlOrNull, isAllowedNavigation, isServiceUrl } from '../../../electron/main/url-policy';

const studio = 'http://127.0.0.1:7878';

describe('url-policy', () => {
  it('allows navigation only within the studio origin', () => {
    expect(isAllowedNavigation('http://127.0.0.1:7878/#/catalog', studio)).toBe(true);
    expect(isAllowedNavigation('http://127.0.0.1:7878/v1/jobs', studio)).toBe(true);
    expect(isAllowedNavigation('http://127.0.0.1:7879/', studio)).toBe(false);
    expect(isAllowedNavigation('http://localhost:7878/', studio)).toBe(false);
    expect(isAllowedNavigation('https://127.0.0.1:7878/', studio)).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', studio)).toBe(false);
    expect(isAllowedNavigation('javascript:alert(1)', studio)).toBe(false);
    expect(isAllowedNavigation('not a url', studio)).toBe(false);
  });

  it('sends only http(s) and mailto links to the system browser', () => {
    expect(externalUrlOrNull('https://docs.godotengine.org/en/stable/', studio)).toBe('https://docs.godotengine.org/en/stable/');
    expect(externalUrlOrNull('mailto:support@example.com', studio)).toBe('mailto:support@example.com');
    expect(externalUrlOrNull('file:///home/user/x.glb', studio)).toBeNull();
    expect(externalUrlOrNull('javascript:alert(1)', studio)).toBeNull();
    expect(externalUrlOrNull('data:text/html,hi', studio)).toBeNull();
    expect(externalUrlOrNull('smb://server/share', studio)).toBeNull();
    expect(externalUrlOrNull('https://user:pw@example.com/', studio)).toBeNull();
    // The studio itself never leaves the window.
    expect(externalUrlOrNull('http://127.0.0.1:7878/#/rig', studio)).toBeNull();
  });

  it('limits downloads to the service origin', () => {
    expect(isServiceUrl('http://127.0.0.1:7878/files/abc/model.glb', studio)).toBe(true);
    expect(isServiceUrl('https://evil.example/model.glb', studio)).toBe(false);
  });
});
