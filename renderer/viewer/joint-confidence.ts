/**
 * Colours of the joint markers from the rig report's confidences (pure, unit-tested): neutral at
 * 0.7 or more, amber from 0.4, red below. Bones are matched to report joints by name. three's
 * loaders strip spaces and characters such as ':' from node names (`mixamorig:Hips` becomes
 * `mixamorigHips`; GLTFLoader keeps the written name in `userData.name`), so both spellings match.
 */
import { PropertyBinding } from 'three';
import type { RigReport } from '../api/rig-report';

export type ConfidenceBand = 'sure' | 'doubtful' | 'unsure';

export interface BandInfo {
  band: ConfidenceBand;
  /** CSS hex colour, also used for the 3D markers. */
  colour: string;
  label: string;
}

/** Below this the report says a joint is worth a look. */
export const LOOK_BELOW = 0.7;
const UNSURE_BELOW = 0.4;

/** In legend order. */
export const CONFIDENCE_BANDS: readonly BandInfo[] = [
  { band: 'sure', colour: '#9aa4b8', label: 'Confident (0.7 or more)' },
  { band: 'doubtful', colour: '#f0b43c', label: 'Worth a look (0.4 to 0.7)' },
  { band: 'unsure', colour: '#ff5d5d', label: 'Doubtful (below 0.4)' },
];

export function confidenceBand(confidence: number): ConfidenceBand {
  if (confidence >= LOOK_BELOW) return 'sure';
  if (confidence >= UNSURE_BELOW) return 'doubtful';
  return 'unsure';
}

export function bandColour(band: ConfidenceBand): string {
  return CONFIDENCE_BANDS.find((b) => b.band === band)!.colour;
}

/** Joint name (as written and as three's loaders spell it) -> marker colour. */
export type JointColours = ReadonlyMap<string, string>;

export function jointColours(report: Pick<RigReport, 'joints'>): JointColours {
  const colours = new Map<string, string>();
  for (const j of report.joints) {
    const colour = bandColour(confidenceBand(j.confidence));
    colours.set(j.name, colour);
    const loaderName = PropertyBinding.sanitizeNodeName(j.name);
    if (!colours.has(loaderName)) colours.set(loaderName, colour);
  }
  return colours;
}

/** The colour of a loaded bone, or null when the report has no joint of that name. */
export function colourForBone(colours: JointColours, bone: { name: string; userData: Record<string, unknown> }): string | null {
  const original = bone.userData.name;
  if (typeof original === 'string' && colours.has(original)) return colours.get(original)!;
  return colours.get(bone.name) ?? null;
}

/** Names of the joints below 0.7, least sure first. */
export function lowConfidenceJoints(report: Pick<RigReport, 'joints'>): string[] {
  return report.joints
    .filter((j) => j.confidence < LOOK_BELOW)
    .sort((a, b) => a.confidence - b.confidence)
    .map((j) => j.name);
}
