import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../renderer/api/api-error';
import { pollJob } from '../../../renderer/api/poll-job';
import type { Job } from '../../../renderer/api/types';

const job = (status: string) => ({ id: 'j', object: 'job', operation: 'rig', status, output: null, error: null }) as unknown as Job;

describe('pollJob', () => {
  it('keeps polling through rate limits and overload, waiting as told, until the job ends', async () => {
    const answers: (Job | ApiError)[] = [
      job('queued'),
      new ApiError(429, 'rate_limited', 'slow down', { retry_after_seconds: 7 }),
      new ApiError(503, 'backend_unavailable', 'busy'),
      new ApiError(0, 'network_error', 'unreachable'),
      job('processing'),
      job('succeeded'),
    ];
    const waits: number[] = [];
    const seen: string[] = [];
    const result = await pollJob(
      { getJob: async () => { const a = answers.shift()!; if (a instanceof ApiError) throw a; return a; } },
      'j',
      { intervalMs: 100, sleep: async (ms) => void waits.push(ms), onUpdate: (j) => void seen.push(j.status) },
    );
    expect(result.status).toBe('succeeded');
    expect(seen).toEqual(['queued', 'processing', 'succeeded']);
    expect(waits).toEqual([100, 7000, 14000, 28000, 100]);
  });

  it('stops on an error that retrying cannot fix', async () => {
    await expect(
      pollJob({ getJob: async () => { throw new ApiError(404, 'not_found', 'gone'); } }, 'j', { sleep: async () => {} }),
    ).rejects.toThrow('gone');
  });
});
