import { Type } from '@sinclair/typebox';
import { ENGINES, JOB_STATUSES, OUTPUT_FORMATS, RIG_TYPES } from '../../../shared/api/constants';
import { Nullable, Timestamp } from './common';

const Enum = (values: readonly string[], description?: string) =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const JobFile = Type.Object({
  role: Type.String({
    description:
      '`model`, `thumbnail`, `report` (JSON rig or generation report), or another role an operation adds. ' +
      'A rig report lists each baked clip under `clips`: `{name, duration_seconds, bone_mapping, clip_bone_mapping, mapped_by}`, ' +
      'where `bone_mapping` maps each rig joint to the clip bone driving it, `clip_bone_mapping` each clip bone to the rig joints it drives, ' +
      'and `mapped_by` is `names` (a known naming convention) or `structure` (bone names settled nothing: matched by chains and rest-pose geometry).',
  }),
  url: Type.String({ format: 'uri', description: 'Absolute URL with an unguessable token; no key needed to download.' }),
  filename: Type.String(),
  content_type: Type.String(),
  bytes: Type.Integer(),
});

export const JobOutput = Type.Object({
  model_url: Type.String({ format: 'uri' }),
  thumbnail_url: Nullable(Type.String({ format: 'uri' })),
  files: Type.Optional(Type.Array(JobFile, { description: 'Every file the job produced, the model first.' })),
});

export const Job = Type.Object(
  {
    id: Type.String({ description: 'UUID' }),
    object: Type.Literal('job'),
    operation: Type.String({ description: '`rig` or `generate_model`; new operations may appear.' }),
    status: Enum(JOB_STATUSES),
    output: Nullable(JobOutput, 'Non-null only when status is succeeded.'),
    error: Nullable(Type.String(), 'Non-null only when status is failed.'),
    created_at: Timestamp,
    completed_at: Nullable(Timestamp, 'Null until the job is succeeded or failed.'),
    duration_seconds: Nullable(Type.Number(), 'Processing time in seconds (start of processing to completion); null until completed.'),
    progress: Nullable(Type.Number({ minimum: 0, maximum: 1 }), 'Rigdesk extension: fraction done while processing.'),
    stage: Nullable(Type.String(), 'Rigdesk extension: internal stage name (informative, may change).'),
    engine: Type.Optional(Enum(ENGINES)),
    rig_type: Type.Optional(Enum(RIG_TYPES)),
    output_format: Type.Optional(Enum(OUTPUT_FORMATS)),
    poll_url: Type.Optional(Type.String({ description: 'Relative path /v1/jobs/<job_id>.' })),
    estimated_seconds: Type.Optional(Type.Number({ description: 'Typical duration; not a guarantee and not a timeout.' })),
  },
  {
    $id: 'Job',
    title: 'Job',
    description:
      'Rig jobs carry engine, rig_type, output_format, poll_url and estimated_seconds in every representation (creation, polling, listing).',
  },
);

export const JobList = Type.Object(
  {
    object: Type.Literal('list'),
    total: Type.Integer(),
    jobs: Type.Array(Type.Ref('Job')),
  },
  { $id: 'JobList' },
);
