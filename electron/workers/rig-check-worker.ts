/**
 * Entry point of a rig pre-check child process (forked by electron/service/jobs/rig-check-runner.ts):
 * read one model, run precheckMesh on it, send the answer, exit. The parent kills it at its deadline.
 */
import { MeshFormatError, MeshLimitError } from '../../shared/mesh/errors';
import { mergeParts } from '../../shared/mesh/merge';
import { probeModel } from '../../shared/mesh/probe-model';
import { readModel } from '../../shared/mesh/read-model';
import { precheckMesh, tooManyFacesResult } from '../../shared/rig/precheck';
import type { RigCheckReply, RigCheckRequest } from './rig-check-protocol';

if (!process.send) {
  console.error('rig-check-worker: must be forked with an IPC channel');
  process.exit(2);
}

process.once('message', (m: RigCheckRequest) => {
  void check(m).then((reply) => process.send!(reply, () => process.exit(0)));
});

async function check(m: RigCheckRequest): Promise<RigCheckReply> {
  const data = new Uint8Array(m.data);
  try {
    let read;
    try {
      read = await readModel(data, m.name);
    } catch (err) {
      // Readers refuse a file above the face limit before reading it; the check still answers with the count.
      if (err instanceof MeshLimitError && err.limit === 'triangles') {
        const claimed = probeModel(data, m.name).claimedTriangles ?? 0;
        return { type: 'result', result: tooManyFacesResult(claimed) };
      }
      throw err;
    }
    if (read.model.parts.length === 0 || read.report.triangles === 0) {
      return { type: 'unsupported', message: 'The file was read but holds no usable mesh (no triangles). Export the character geometry, not only a skeleton, curves or points.' };
    }
    return { type: 'result', result: precheckMesh(mergeParts(read.model), { rotationY: m.rotationY }) };
  } catch (err) {
    if (err instanceof MeshFormatError) return { type: 'unsupported', message: err.message };
    return { type: 'failed', message: err instanceof Error ? err.message : String(err) };
  }
}
