/**
 * The rig job's JSON report (output file with role `report`, written by
 * electron/workers/operations/rig-operation.ts): the parts the studio shows. Parsing is pure and
 * unit-tested; reports from before the verdict existed parse with `verdict: null` and no joints.
 */

export type RigVerdict = 'ok' | 'check' | 'poor';

export interface RigReportJoint {
  name: string;
  parent: string | null;
  role: string;
  /** In [0, 1]; below 0.7 the fit is unsure of the joint. */
  confidence: number;
  /** Model frame after rotation_y, model units; absent in reports from before issue 14's fields. */
  position?: Vec3;
  /** `given` (placed by hand) or `fitted` (by the engine). */
  source?: 'given' | 'fitted';
  /** False for end joints, which carry no weight. */
  deform?: boolean;
  /** Bone end of a deforming leaf, same frame as `position` (what the live re-skin needs). */
  tip?: Vec3;
}

export type Vec3 = [number, number, number];

export interface RigReport {
  verdict: RigVerdict | null;
  joints: RigReportJoint[];
  warnings: string[];
  /** The model's bounding box after rotation_y (where joints may be placed); null in older reports. */
  bounds?: { min: Vec3; max: Vec3 } | null;
}

const VERDICTS: readonly string[] = ['ok', 'check', 'poor'];

function fail(what: string): never {
  throw new Error(`rig report: ${what}`);
}

function parseJoint(raw: unknown, i: number): RigReportJoint {
  if (!raw || typeof raw !== 'object') fail(`joints[${i}] is not an object`);
  const j = raw as Record<string, unknown>;
  if (typeof j.name !== 'string' || j.name === '') fail(`joints[${i}].name is not a non-empty string`);
  const c = j.confidence;
  if (typeof c !== 'number' || !(c >= 0 && c <= 1)) fail(`joints[${i}].confidence (${JSON.stringify(c)}) is not a number in [0, 1]`);
  const joint: RigReportJoint = {
    name: j.name,
    parent: typeof j.parent === 'string' ? j.parent : null,
    role: typeof j.role === 'string' ? j.role : '',
    confidence: c,
  };
  if (j.position !== undefined) joint.position = vec3(j.position, `joints[${i}].position`);
  if (j.tip !== undefined) joint.tip = vec3(j.tip, `joints[${i}].tip`);
  if (j.source === 'given' || j.source === 'fitted') joint.source = j.source;
  if (typeof j.deform === 'boolean') joint.deform = j.deform;
  return joint;
}

function vec3(raw: unknown, what: string): Vec3 {
  if (!Array.isArray(raw) || raw.length !== 3 || !raw.every((v) => typeof v === 'number' && Number.isFinite(v))) fail(`${what} is not 3 finite numbers`);
  return [raw[0], raw[1], raw[2]];
}

function parseBounds(raw: unknown): { min: Vec3; max: Vec3 } | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object') fail('bounds is not an object');
  const b = raw as Record<string, unknown>;
  return { min: vec3(b.min, 'bounds.min'), max: vec3(b.max, 'bounds.max') };
}

/** Validates the fields the studio uses; throws an error naming the first wrong one. */
export function parseRigReport(raw: unknown): RigReport {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail('is not a JSON object');
  const r = raw as Record<string, unknown>;
  let verdict: RigVerdict | null = null;
  if (r.verdict !== undefined) {
    if (typeof r.verdict !== 'string' || !VERDICTS.includes(r.verdict)) fail(`verdict ${JSON.stringify(r.verdict)} is not one of ${VERDICTS.join(', ')}`);
    verdict = r.verdict as RigVerdict;
  }
  if (r.joints !== undefined && !Array.isArray(r.joints)) fail('joints is not a list');
  if (r.warnings !== undefined && !Array.isArray(r.warnings)) fail('warnings is not a list');
  const warnings = ((r.warnings as unknown[] | undefined) ?? []).map((w, i) => (typeof w === 'string' ? w : fail(`warnings[${i}] is not a string`)));
  const joints = ((r.joints as unknown[] | undefined) ?? []).map(parseJoint);
  const bounds = parseBounds(r.bounds);
  return bounds ? { verdict, joints, warnings, bounds } : { verdict, joints, warnings };
}

/** Downloads a report served by the service (file URLs carry their own token, like model files). */
export async function fetchRigReport(url: string, signal?: AbortSignal): Promise<RigReport> {
  const res = await fetch(url, { signal, credentials: 'omit' });
  if (!res.ok) throw new Error(`rig report: downloading it failed with HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    fail('the file is not valid JSON');
  }
  return parseRigReport(body);
}
