import { invalidRequest } from '../../../shared/api/api-error';
import { PRICES, type BoneNaming, type Engine, type OutputFormat, type RigType } from '../../../shared/api/constants';
import type { RigRequestBody } from '../schemas/rig';

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
}

/** Applies defaults and the rules the schema cannot express (spec 4.1 rules 1 and 4, issue rules for pro). */
export function normaliseRigRequest(body: RigRequestBody): { params: RigParams; cost: number } {
  const sources = (['model_url', 'model_base64', 'from_job'] as const).filter((k) => body[k] !== undefined);
  if (sources.length !== 1) {
    throw invalidRequest(
      sources.length === 0
        ? 'Provide exactly one model source: model_url, model_base64 or from_job.'
        : `Provide exactly one model source; got ${sources.join(' and ')}.`,
    );
  }
  const engine = body.engine ?? 'fast';
  const animation_urls = [...(body.animation_url !== undefined ? [body.animation_url] : []), ...(body.animation_urls ?? [])];
  if (engine === 'pro' && body.rig_fingers) {
    throw invalidRequest('rig_fingers: separate finger bones are available with the fast engine only; use engine "fast" or drop rig_fingers.');
  }
  if (engine === 'pro' && animation_urls.length > 0) {
    throw invalidRequest(`${body.animation_url !== undefined ? 'animation_url' : 'animation_urls'}: clips can be retargeted with the fast engine only.`);
  }
  if (body.in_place && animation_urls.length === 0) {
    throw invalidRequest('in_place: removes the horizontal travel of retargeted clips; give animation_url or animation_urls, or drop in_place.');
  }
  const rotation = body.rotation_y ?? 0;
  const params: RigParams = {
    rig_type: body.rig_type ?? 'biped',
    engine,
    output_format: body.output_format ?? 'glb',
    rotation_y: rotation,
    rig_fingers: body.rig_fingers ?? false,
    bone_naming: body.bone_naming ?? 'mixamo',
    animation_urls,
    in_place: body.in_place ?? false,
    root_bone: body.root_bone ?? false,
  };
  const cost = (engine === 'pro' ? PRICES.rig_pro : PRICES.rig_fast) + PRICES.retarget_clip * animation_urls.length;
  return { params, cost };
}
