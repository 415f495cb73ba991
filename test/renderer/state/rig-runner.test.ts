import { describe, expect, it } from 'vitest';
import { rigRequest } from '../../../renderer/state/rig-runner';
import { DEFAULT_SETTINGS, useRig } from '../../../renderer/state/rig-store';

describe('rig request from the Rig page settings', () => {
  it('sends one clip as animation_url and several as animation_urls', () => {
    expect(rigRequest({ ...DEFAULT_SETTINGS, clipUrls: ['/a.glb'] })).toMatchObject({ animation_url: '/a.glb' });
    const several = rigRequest({ ...DEFAULT_SETTINGS, clipUrls: ['/a.glb', '/b.glb'] });
    expect(several.animation_urls).toEqual(['/a.glb', '/b.glb']);
    expect(several.animation_url).toBeUndefined();
    expect(rigRequest(DEFAULT_SETTINGS)).not.toHaveProperty('animation_urls');
  });

  it('never sends fast-engine fields with the pro engine (the service answers 400)', () => {
    useRig.getState().setSettings({ fingers: true, clipUrls: ['/a.glb'] });
    useRig.getState().setSettings({ engine: 'pro' });
    const req = rigRequest(useRig.getState().settings);
    expect(req).toMatchObject({ engine: 'pro', rig_type: 'biped', output_format: 'glb', rotation_y: 0 });
    expect(req).not.toHaveProperty('rig_fingers');
    expect(req).not.toHaveProperty('animation_url');
    expect(req).not.toHaveProperty('animation_urls');
  });
});

describe('a correction from Edit joints', () => {
  it('is added as the selected item, its source the corrected job', () => {
    const job = { id: 'job_1', status: 'succeeded' } as Parameters<ReturnType<typeof useRig.getState>['addCorrection']>[0];
    const item = useRig.getState().addCorrection(job, 'human (corrected)', { LeftLeg: [0.1, 0.5, 0] });
    expect(useRig.getState().selected).toBe(item.id);
    expect(item.source).toEqual({ kind: 'job', job, name: 'human (corrected)' });
    expect(item.joints).toEqual({ LeftLeg: [0.1, 0.5, 0] });
  });
});
