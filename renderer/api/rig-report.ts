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
}

export interface RigReport {
  verdict: RigVerdict | null;
  joints: RigReportJoint[];
  warnings: string[];
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
  return {
    name: j.name,
    parent: typeof j.parent === 'string' ? j.parent : null,
    role: typeof j.role === 'string' ? j.role : '',
    confidence: c,
  };
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
  return { verdict, joints, warnings };
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
