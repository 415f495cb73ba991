/**
 * A thin sheet does not spend the biped's extremity budget. The curve skeleton takes at most 16 extremities
 * (24 when a foot has none, biped-floor.ts), the most prominent first; a wide hat brim, a cape or a hem
 * with a scalloped rim gives one extremity per scallop, and they can take the budget before a hand resting
 * low gets one (the KayKit Mage's idle frame: its brim took 8 of 16, its left fist none, and a fold of the
 * robe became the left hand). Hands, feet, heads and tails are round in section; a sheet's extremity is
 * several times wider than it is thick (section-aspect.ts). The first SHEETS_COUNTED sheet extremities
 * count as any other (a pair of a cape's or a hem's corners, a hair plate: the skeleton of a body without a
 * rim is the one it always was); further ones are still grown and offered to the fit but do not count, up
 * to SHEET_CAP_FACTOR times the budget in all.
 */
import type { Volume } from './volume';
import type { Branch } from './curve-skeleton';
import { sheetAspect } from './section-aspect';

/** An extremity whose sections are this many times wider than thick is part of a sheet. */
export const SHEET_ASPECT = 4;
/** Sheet extremities that count against the budget. */
export const SHEETS_COUNTED = 2;
/** At most this many times the budget of extremities in all. */
export const SHEET_CAP_FACTOR = 2;

/** Options for growCurveSkeleton: extremities of sheets past the first SHEETS_COUNTED grown but not counted against `maxBranches`. */
export function sheetBudget(vol: Volume, maxBranches: number): { maxBranches: number; counts: (b: Branch) => boolean; cap: number } {
  let sheets = 0;
  const counts = (b: Branch): boolean => !isSheet(vol, b) || ++sheets <= SHEETS_COUNTED;
  return { maxBranches, counts, cap: SHEET_CAP_FACTOR * maxBranches };
}

/** The extremity's sections (section-aspect.ts, tip to where it joins the skeleton) are SHEET_ASPECT times wider than thick. */
export function isSheet(vol: Volume, b: Branch): boolean {
  return sheetAspect(vol, b.path, Math.min(b.joinS, b.path.length)) > SHEET_ASPECT;
}
