/** Contract constants of the /v1 API (spec parts 2, 4, 7, 8). One place, imported by service, CLI and studio. */

export const JOB_STATUSES = ['queued', 'processing', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const OPERATIONS = ['rig', 'generate_model'] as const;
export type OperationName = (typeof OPERATIONS)[number];

export const RIG_TYPES = ['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others'] as const;
export type RigType = (typeof RIG_TYPES)[number];

export const ENGINES = ['fast', 'pro'] as const;
export type Engine = (typeof ENGINES)[number];

export const OUTPUT_FORMATS = ['glb', 'fbx'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const BONE_NAMINGS = ['mixamo', 'unreal', 'unity', 'vrm'] as const;
export type BoneNaming = (typeof BONE_NAMINGS)[number];

export const PLANS = ['free', 'standard', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CREDIT_BUCKETS = ['subscription', 'purchased'] as const;
export type CreditBucket = (typeof CREDIT_BUCKETS)[number];

/** Error codes and their HTTP statuses (spec part 7). Codes never change meaning within /v1. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unsupported_format: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  subscription_required: 402,
  plan_required: 402,
  forbidden: 403,
  not_found: 404,
  rate_limited: 429,
  internal_error: 500,
  backend_unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Prices in credits (100 credits = 1.00 USD). */
export const PRICES = {
  rig_fast: 20,
  rig_pro: 31,
  retarget_clip: 10,
  /** Rigdesk extension (issue 14): `from_job` naming a succeeded rig job plus `joints`, same or cheaper engine. */
  rig_correction: 1,
  generate_model: 30,
} as const;

/** Typical durations on this machine, reported as `estimated_seconds` (not a timeout). */
export const ESTIMATED_SECONDS = { rig_fast: 5, rig_pro: 30, generate_model: 10 } as const;

export const LIMITS = {
  rateLimitPerMinute: 60,
  rateWindowSeconds: 60,
  jobsPageDefault: 20,
  jobsPageMax: 100,
  assetsPageDefault: 50,
  assetsPageMax: 200,
  animationsPageDefault: 50,
  animationsPageMax: 200,
  /** Decoded size of `model_base64` / `image_base64`. */
  inlineFileBytes: 10 * 1024 * 1024,
  /** Largest file fetched from `model_url` / `image_url` / `animation_url`. */
  urlFileBytes: 200 * 1024 * 1024,
  urlTimeoutMs: 60_000,
  urlMaxRedirects: 5,
  /** Longest `model_url` / `image_url` / `animation_url` accepted (8 KB): longer ones are refused before any fetch. */
  urlChars: 8192,
  fingerBones: 30,
  maxAnimationClips: 20,
} as const;

export const API_KEY_PREFIX = 'rk_live_';
