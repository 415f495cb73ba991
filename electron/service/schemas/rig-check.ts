import { Type, type Static } from '@sinclair/typebox';
import { RIG_TYPES } from '../../../shared/api/constants';
import { Nullable } from './common';
import { OneOf, RigRequest } from './rig';

const source = RigRequest.properties;

export const RigCheckRequest = Type.Object(
  {
    model_url: source.model_url,
    model_base64: source.model_base64,
    from_job: source.from_job,
    filename: source.filename,
    rotation_y: Type.Optional(Type.Number({ minimum: -3600, maximum: 3600, description: 'Degrees about +Y applied before the analysis, as POST /v1/rigs would: the check looks at the model as rotated. Default 0.' })),
  },
  { additionalProperties: false, $id: 'RigCheckRequest', description: 'The model source fields of POST /v1/rigs: exactly one of model_url, model_base64, from_job.' },
);
export type RigCheckRequestBody = Static<typeof RigCheckRequest>;

const WARNING_CODES = ['too_many_faces', 'thin_or_flat', 'fragmented', 'open_mesh', 'joined_legs', 'arms_down', 'facing'] as const;

export const RigCheck = Type.Object(
  {
    object: Type.Literal('rig_check'),
    suggested_rig_type: Nullable(OneOf(RIG_TYPES, ''), 'The body plan that fits best (highest score); null when the analysis was skipped (too many faces, no volume).'),
    scores: Nullable(
      Type.Object(Object.fromEntries(RIG_TYPES.map((t) => [t, Type.Number({ minimum: 0, maximum: 1 })])), { additionalProperties: false }),
      'How well each body plan fits, 0 to 1, from the layout of the extremities (feet on the floor, limbs per side, wings: thin limbs reaching far out, or sheets in section such as membranes, body length). `others` is a constant floor of 0.3. Null when skipped.',
    ),
    suggested_rotation_y: Nullable(Type.Integer(), 'rotation_y (0, 90, -90 or 180) for POST /v1/rigs so the model faces +Z (spec 4.1 rule 3), accounting for the rotation_y sent; null when the shape shows no front (others, or skipped).'),
    rotation_y: Type.Number({ description: 'The rotation_y the model was analysed at.' }),
    pose: OneOf(['t_pose', 'a_pose', 'arms_down', 'unknown'] as const, 'Arm pose of a biped: t_pose (arms within 20 degrees of horizontal), a_pose (20 to 60 down), arms_down (steeper, a hand standing less than 0.1 of the height out from the torso, or no arm standing out at all); unknown for other body plans or raised arms.'),
    arm_angle_degrees: Nullable(Type.Integer(), 'Mean angle of the arms below horizontal (bipeds; an arm whose hand stands less than 0.1 of the height out from the torso counts as 90), else null.'),
    triangles: Type.Integer({ minimum: 0 }),
    vertices: Type.Integer({ minimum: 0 }),
    parts: Type.Integer({ minimum: 0, description: 'Mesh parts (primitives) in the file.' }),
    open_edges: Nullable(Type.Integer({ minimum: 0 }), 'Edges used by one triangle only, after welding identical positions (0 for a closed surface).'),
    pieces: Nullable(Type.Integer({ minimum: 0 }), 'Connected pieces of the voxelised volume.'),
    largest_piece_share: Nullable(Type.Number({ minimum: 0, maximum: 1 }), "The largest piece's share of the volume."),
    warnings: Type.Array(
      Type.Object({
        code: OneOf(WARNING_CODES, 'Stable code: too_many_faces (above the face limit: counts only), thin_or_flat (no volume: a rig would fail), fragmented (largest piece under 80% of the volume), open_mesh, joined_legs (no gap between the legs: a long dress), arms_down, facing (not facing +Z at this rotation_y).'),
        message: Type.String({ description: 'For display.' }),
      }),
      { description: 'What a rig of this model would warn about (or fail on).' },
    ),
    seconds: Type.Number({ description: 'Time the check took.' }),
  },
  { $id: 'RigCheck', title: 'Rig check', additionalProperties: false },
);
export type RigCheckBody = Static<typeof RigCheck>;
