/**
 * "Apply" of Edit joints: submits the edited joints as a correction of the rig job (`from_job` +
 * `joints`, 1 credit) through the Rig page's runner, which follows it and shows its result.
 */
import type { ApiClient } from '../api/client';
import type { Job } from '../api/types';
import { useJointEdit, editedJoints } from './joint-edit-store';
import { runRig } from './rig-runner';
import { useRig } from './rig-store';

export async function applyCorrection(api: ApiClient, job: Job, name: string): Promise<void> {
  const edit = useJointEdit.getState();
  const joints = editedJoints(edit.original, edit.positions);
  if (Object.keys(joints).length === 0) throw new Error('Edit joints: no joint was moved, so there is nothing to apply');
  const item = useRig.getState().addCorrection(job, `${name.replace(/ \(corrected\)$/, '')} (corrected)`, joints);
  edit.close();
  await runRig(api, [item]);
}
