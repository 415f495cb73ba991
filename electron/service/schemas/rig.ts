import { Type, type Static } from '@sinclair/typebox';
import { BONE_NAMINGS, ENGINES, LIMITS, OUTPUT_FORMATS, RIG_TYPES } from '../../../shared/api/constants';

export const OneOf = <T extends string>(values: readonly T[], description: string, defaultValue?: T) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description, ...(defaultValue ? { default: defaultValue } : {}) });

export const RigRequest = Type.Object(
  {
    model_url: Type.Optional(Type.String({ description: 'http(s) URL of the mesh. Up to 200 MB, 60 s, 5 redirects.' })),
    model_base64: Type.Optional(Type.String({ description: 'The mesh inline, base64 (a data: URI is accepted). At most 10 MB decoded.' })),
    from_job: Type.Optional(
      Type.String({
        description:
          'Id of a succeeded job of this account (any operation) whose model is rigged. Rigdesk extension: with `joints`, naming a succeeded rig job makes a correction: that job\'s input is re-rigged with the edits, with its options unless overridden, for 1 credit (a switch from fast to pro costs a pro rig); a rig job of another account is 403 `forbidden`.',
      }),
    ),
    filename: Type.Optional(
      Type.String({ maxLength: 255, description: 'Rigdesk extension: the file name of model_base64 (or an override for model_url), used for format detection; binary STL needs a name ending in .stl.' }),
    ),
    rig_type: Type.Optional(OneOf(RIG_TYPES, 'Body plan.', 'biped')),
    engine: Type.Optional(OneOf(ENGINES, '`fast` (default) or `pro` (Pro plan).', 'fast')),
    output_format: Type.Optional(OneOf(OUTPUT_FORMATS, '`glb` (default) or `fbx`.', 'glb')),
    rotation_y: Type.Optional(Type.Number({ minimum: -3600, maximum: 3600, description: 'Degrees about +Y applied before rigging, so the model faces +Z: -90 for a model facing +X, 90 for -X, 180 for -Z.' })),
    rig_fingers: Type.Optional(Type.Boolean({ description: 'Separate finger bones (30 extra). Fast engine only.', default: false })),
    bone_naming: Type.Optional(OneOf(BONE_NAMINGS, 'Rigdesk extension: bone names for bipeds.', 'mixamo')),
    joints: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.Number(), { minItems: 3, maxItems: 3 }), {
        description:
          'Rigdesk extension: joints placed by hand. Joint name (in `bone_naming`, see the rig report) -> [x, y, z] in the model\'s units and frame after `rotation_y` (the rig report\'s `position`s). Named joints stay exactly where given; the others are fitted around them, and the skin follows. Unknown names, non-finite numbers or a position outside the model\'s bounding box (1% tolerance) are 400 `invalid_request` naming the joint.',
      }),
    ),
    animation_url: Type.Optional(Type.String({ description: 'A clip to retarget into the output. Fast engine only. 10 credits per clip.' })),
    animation_urls: Type.Optional(
      Type.Array(Type.String(), { maxItems: LIMITS.maxAnimationClips, description: 'Rigdesk extension: several clips; 10 credits each.' }),
    ),
    in_place: Type.Optional(
      Type.Boolean({ default: false, description: "Rigdesk extension, with animation_url(s): remove each clip's horizontal root travel (the straight line from its first frame to its last), keeping the vertical bob and the side sway: the character walks on the spot." }),
    ),
    root_bone: Type.Optional(
      Type.Boolean({ default: false, description: 'Rigdesk extension: add a `Root` joint on the floor under Hips as the parent of the skeleton; with clips, Root carries the horizontal travel and the facing (root motion), for engines that expect a root bone (Unreal, Unity root motion).' }),
    ),
  },
  { additionalProperties: false, $id: 'RigRequest', description: 'Exactly one of model_url, model_base64, from_job.' },
);
export type RigRequestBody = Static<typeof RigRequest>;
