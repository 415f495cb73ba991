import { invalidRequest } from '../../../shared/api/api-error';
import { echoValue } from '../../../shared/api/echo-value';
import { PRICES, type BoneNaming, type Engine, type OutputFormat, type RigType } from '../../../shared/api/constants';
import { isJointNameFor, jointNamesHint } from '../../../shared/rig/joint-names';
import type { RigRequestBody } from '../schemas/rig';

export type JointPositions = Record<string, [number, number, number]>;

/** The stored parameters of a rig job: what the rig operation receives. */
export interface RigParams {
  rig_type: RigType;
  engine: Engine;
  output_format: OutputFormat;
  rotation_y: number;
  rig_fingers: boolean;
  bone_naming: BoneNaming;
  animation_urls: string[];
  /** Rigdesk extensions: clips without horizontal root travel; a `Root` joint carrying root motion. */
  in_place?: boolean;
  root_bone?: boolean;
  /** Joints placed by hand (issue 14), in bone_naming, model frame after rotation_y; absent when none. */
  joints?: JointPositions;
  /** The rig job this one corrects (`from_job` + `joints`), absent otherwise. */
  corrects?: string;
}

/** The succeeded rig job a correction starts from: its parameters are the defaults of the correction. */
export interface CorrectionBase {
  jobId: string;
  params: RigParams;
}

/**
 * Applies defaults and the rules the schema cannot express (spec 4.1 rules 1 and 4, issue rules for pro,
 * issue 14's `joints`). With `base`, the request corrects that rig job: its rig options are the defaults,
 * its given joints are kept unless the frame or names changed, and the price is PRICES.rig_correction
 * unless the request asks for a dearer engine than the one paid for.
 */
export function normaliseRigRequest(body: RigRequestBody, base?: CorrectionBase): { params: RigParams; cost: number } {
  const sources = (['model_url', 'model_base64', 'from_job'] as const).filter((k) => body[k] !== undefined);
  if (sources.length !== 1) {
    throw invalidRequest(
      sources.length === 0
        ? 'Provide exactly one model source: model_url, model_base64 or from_job.'
        : `Provide exactly one model source; got ${sources.join(' and ')}.`,
    );
  }
  const was = base?.params;
  const engine = body.engine ?? was?.engine ?? 'fast';
  const requestedClips = [...(body.animation_url !== undefined ? [body.animation_url] : []), ...(body.animation_urls ?? [])];
  const rig_fingers = body.rig_fingers ?? was?.rig_fingers ?? false;
  if (engine === 'pro' && rig_fingers) {
    throw invalidRequest('rig_fingers: separate finger bones are available with the fast engine only; use engine "fast" or drop rig_fingers.');
  }
  if (engine === 'pro' && requestedClips.length > 0) {
    throw invalidRequest(`${body.animation_url !== undefined ? 'animation_url' : 'animation_urls'}: clips can be retargeted with the fast engine only.`);
  }
  const in_place = body.in_place ?? was?.in_place ?? false;
  if (in_place && requestedClips.length === 0) {
    throw invalidRequest('in_place: removes the horizontal travel of retargeted clips; give animation_url or animation_urls, or drop in_place.');
  }
  const params: RigParams = {
    rig_type: body.rig_type ?? was?.rig_type ?? 'biped',
    engine,
    output_format: body.output_format ?? was?.output_format ?? 'glb',
    rotation_y: body.rotation_y ?? was?.rotation_y ?? 0,
    rig_fingers,
    bone_naming: body.bone_naming ?? was?.bone_naming ?? 'mixamo',
    animation_urls: requestedClips,
    in_place,
    root_bone: body.root_bone ?? was?.root_bone ?? false,
  };
  const requested = body.joints !== undefined ? validJoints(body.joints, params) : {};
  // The corrected rig's own given joints stay given, in the same frame and names only.
  const sameFrame = was && (['rig_type', 'rotation_y', 'rig_fingers', 'bone_naming'] as const).every((k) => was[k] === params[k]);
  const joints = { ...(sameFrame ? was.joints : {}), ...requested };
  if (Object.keys(joints).length > 0) params.joints = joints;
  const clips = PRICES.retarget_clip * requestedClips.length;
  if (!base) return { params, cost: (engine === 'pro' ? PRICES.rig_pro : PRICES.rig_fast) + clips };
  params.corrects = base.jobId;
  const upgrade = engine === 'pro' && base.params.engine !== 'pro';
  return { params, cost: (upgrade ? PRICES.rig_pro : PRICES.rig_correction) + clips };
}

/** `joints`: names of the request's template (rig_type, bone_naming, rig_fingers), each 3 finite numbers. */
function validJoints(joints: Record<string, unknown>, params: RigParams): JointPositions {
  const out: JointPositions = {};
  for (const [name, p] of Object.entries(joints)) {
    if (!isJointNameFor(params.rig_type, params.bone_naming, params.rig_fingers, name)) {
      throw invalidRequest(`joints: unknown joint '${echoValue(name)}'; ${jointNamesHint(params.rig_type, params.bone_naming, params.rig_fingers)}.`);
    }
    if (!Array.isArray(p) || p.length !== 3 || !p.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw invalidRequest(`joints.${name}: a position is an array of 3 finite numbers [x, y, z] (model units, after rotation_y).`);
    }
    out[name] = [p[0], p[1], p[2]];
  }
  return out;
}
