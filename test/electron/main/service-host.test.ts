import { describe, expect, it } from 'vitest';
import { takeAttachedSession } from '../../../electron/main/service-host';

describe('takeAttachedSession', () => {
  it('reads the launcher variables and removes the key from the environment', () => {
    const env: NodeJS.ProcessEnv = { RIGDESK_SERVICE_URL: 'http://127.0.0.1:7878/#key=x', RIGDESK_STUDIO_KEY: 'rk_live_abc' };
    expect(takeAttachedSession(env)).toEqual({ baseUrl: 'http://127.0.0.1:7878', studioKey: 'rk_live_abc' });
    expect(env.RIGDESK_STUDIO_KEY).toBeUndefined();
  });
  it('returns null when not launched by the CLI', () => {
    expect(takeAttachedSession({})).toBeNull();
    expect(takeAttachedSession({ RIGDESK_SERVICE_URL: 'http://127.0.0.1:1' })).toBeNull();
  });
});
