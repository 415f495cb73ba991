/**
 * Shapes of the /v1 API as the studio uses them (service-spec.md plus the local service's
 * documented extras). Parsed leniently: unknown fields are ignored (spec part 9).
 */

import type { Engine, JobStatus, OutputFormat, RigType } from '../../shared/api/constants';

// The contract's enumerations and prices live once, in shared/api/constants.ts.
export {
  RIG_TYPES, ENGINES, OUTPUT_FORMATS, JOB_STATUSES, OPERATIONS, PRICES, LIMITS,
  type RigType, type Engine, type OutputFormat, type JobStatus,
} from '../../shared/api/constants';

export interface JobFile {
  role: string;
  url: string;
  filename: string;
  content_type: string;
  bytes: number;
}

export interface JobOutput {
  model_url: string;
  thumbnail_url: string | null;
  files?: JobFile[];
}

export interface Job {
  id: string;
  object: 'job';
  operation: string;
  status: JobStatus;
  output: JobOutput | null;
  error: string | null;
  created_at: string;
  completed_at?: string | null;
  duration_seconds?: number | null;
  progress?: number;
  stage?: string;
  // Rig creation extras.
  engine?: Engine;
  rig_type?: RigType;
  output_format?: OutputFormat;
  poll_url?: string;
  estimated_seconds?: number;
}

export interface JobList {
  object: 'list';
  total: number;
  jobs: Job[];
}

export interface RigRequest {
  model_url?: string;
  model_base64?: string;
  from_job?: string;
  /** Local extension: original file name, used for format detection of `model_base64`. */
  filename?: string;
  rig_type?: RigType;
  engine?: Engine;
  output_format?: OutputFormat;
  rotation_y?: number;
  rig_fingers?: boolean;
  animation_url?: string;
  /** Several clips at once (10 credits each). */
  animation_urls?: string[];
  /** Joints placed by hand (issue 14): name -> [x, y, z] in the model frame after rotation_y. With `from_job` naming a rig job: a correction (1 credit). */
  joints?: Record<string, [number, number, number]>;
}

/** `POST /v1/rigs/check` (free pre-check): the model source fields of RigRequest and rotation_y. */
export type RigCheckRequest = Pick<RigRequest, 'model_url' | 'model_base64' | 'from_job' | 'filename' | 'rotation_y'>;

export type RigCheckWarningCode = 'too_many_faces' | 'thin_or_flat' | 'fragmented' | 'open_mesh' | 'joined_legs' | 'arms_down' | 'facing';

export interface RigCheck {
  object: 'rig_check';
  suggested_rig_type: RigType | null;
  scores: Record<RigType, number> | null;
  suggested_rotation_y: number | null;
  rotation_y: number;
  pose: 't_pose' | 'a_pose' | 'arms_down' | 'unknown';
  arm_angle_degrees: number | null;
  triangles: number;
  vertices: number;
  parts: number;
  open_edges: number | null;
  pieces: number | null;
  largest_piece_share: number | null;
  warnings: { code: RigCheckWarningCode; message: string }[];
  seconds: number;
}

/** `POST /v1/models`: one image source (the service refuses unknown fields). */
export interface ModelRequest {
  image_url?: string;
  image_base64?: string;
}

export interface Asset {
  id: string;
  name: string;
  category: string;
  url: string;
  thumbnail: string;
  pack?: string;
}

export interface AssetList {
  object: 'list';
  total: number;
  limit: number;
  offset: number;
  license: string;
  assets: Asset[];
  /** 'installing' while the service installs the built-in packs (first start): the list may be empty. */
  library?: LibraryStatus;
}

export interface LibraryStatus {
  state: 'installing' | 'ready';
}

export interface AssetCategories {
  object: 'asset_categories';
  total_assets: number;
  categories: string[];
  packs: string[];
}

export interface AnimationClip {
  id: string;
  name: string;
  rig_type: RigType;
  duration_seconds: number;
  fps: number;
  loop: boolean;
  url: string;
  preview_url: string | null;
  license: string;
}

export interface AnimationList {
  object: 'list';
  total: number;
  limit: number;
  offset: number;
  animations: AnimationClip[];
  library?: LibraryStatus;
}

export interface UsageDay {
  date: string;
  credits: number;
  jobs: number;
}

export interface Account {
  object: 'account';
  plan: string;
  subscription_status: string;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  balance: { total: number; subscription: number; purchased: number };
  rate_limit: { limit: number; remaining: number; window_seconds: number };
  usage: { days: UsageDay[] };
}

export interface ApiKeyRecord {
  id: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  label: string | null;
}

export interface ApiKeyList {
  object: 'list';
  keys: ApiKeyRecord[];
}

export interface CreatedApiKey extends ApiKeyRecord {
  /** The full key, shown once. */
  key: string;
}

export interface ErrorBody {
  error: { code: string; message: string; retry_after_seconds?: number; [k: string]: unknown };
}
