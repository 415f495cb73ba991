import { describe, expect, it } from 'vitest';
import { RigCheckRunner } from '../../../../electron/service/jobs/rig-check-runner';
import { boxObj } from '../../../support/meshes';

const box = { data: new Uint8Array(Buffer.from(boxObj())), name: 'box.obj', rotationY: 0 };

describe('RigCheckRunner (real child processes)', () => {
  it('answers from a child process', async () => {
    const r = await new RigCheckRunner({ maxConcurrent: 1, deadlineMs: 30_000, workerMemoryMb: 512 }).check(box);
    expect(r).toMatchObject({ triangles: 12, vertices: 8, parts: 1 });
  });

  it('stops a check past its deadline with 503 backend_unavailable and frees the slot', async () => {
    const runner = new RigCheckRunner({ maxConcurrent: 1, deadlineMs: 1, workerMemoryMb: 512 });
    await expect(runner.check(box)).rejects.toMatchObject({ code: 'backend_unavailable', message: expect.stringMatching(/did not finish within/) });
    await expect(runner.check(box)).rejects.toMatchObject({ message: expect.stringMatching(/did not finish within/) });
  });

  it('turns a file no reader accepts into 400 unsupported_format', async () => {
    const runner = new RigCheckRunner({ maxConcurrent: 1, deadlineMs: 30_000, workerMemoryMb: 512 });
    await expect(runner.check({ data: new Uint8Array(Buffer.from('glTF' + '\u0007'.repeat(40))), name: 'x.glb', rotationY: 0 })).rejects.toMatchObject({ code: 'unsupported_format' });
  });
});
