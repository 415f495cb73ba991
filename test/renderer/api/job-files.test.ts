import { describe, expect, it } from 'vitest';
import { previewFileOf, reportFileOf, resultFile } from '../../../renderer/api/job-files';
import type { Job } from '../../../renderer/api/types';

const base: Job = { id: 'abcdef12-0000', object: 'job', operation: 'rig', status: 'succeeded', output: null, error: null, created_at: '' };

describe('job files', () => {
  it('has nothing to show before success', () => {
    expect(resultFile({ ...base, status: 'processing' })).toBeNull();
  });
  it('names the model file from the files list or its URL', () => {
    const job: Job = { ...base, output: { model_url: 'http://h/files/t1/knight-rigged.glb', thumbnail_url: null } };
    expect(resultFile(job)).toEqual({ url: 'http://h/files/t1/knight-rigged.glb', name: 'knight-rigged.glb' });
  });
  it('previews the GLB companion of an FBX result', () => {
    const job: Job = {
      ...base,
      output_format: 'fbx',
      output: {
        model_url: 'http://h/files/t1/out.fbx',
        thumbnail_url: null,
        files: [
          { role: 'model', url: 'http://h/files/t1/out.fbx', filename: 'out.fbx', content_type: 'application/octet-stream', bytes: 10 },
          { role: 'preview', url: 'http://h/files/t2/out.glb', filename: 'out.glb', content_type: 'model/gltf-binary', bytes: 9 },
        ],
      },
    };
    expect(resultFile(job)!.name).toBe('out.fbx');
    expect(previewFileOf(job)).toEqual({ url: 'http://h/files/t2/out.glb', name: 'out.glb' });
  });
  it('finds the rig report file by its role, once the job succeeded', () => {
    const output = {
      model_url: 'http://h/files/t1/out.glb',
      thumbnail_url: null,
      files: [
        { role: 'model', url: 'http://h/files/t1/out.glb', filename: 'out.glb', content_type: 'model/gltf-binary', bytes: 10 },
        { role: 'report', url: 'http://h/files/t3/out_rig_report.json', filename: 'out_rig_report.json', content_type: 'application/json', bytes: 9 },
      ],
    };
    expect(reportFileOf({ ...base, output })).toEqual({ url: 'http://h/files/t3/out_rig_report.json', name: 'out_rig_report.json' });
    expect(reportFileOf({ ...base, status: 'processing', output })).toBeNull();
    expect(reportFileOf({ ...base, output: { ...output, files: output.files.slice(0, 1) } })).toBeNull();
    expect(reportFileOf({ ...base, output: { model_url: output.model_url, thumbnail_url: null } })).toBeNull();
  });
});
