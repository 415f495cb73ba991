/**
 * Licence checks for imported packs: only CC0-1.0 wording is accepted.
 *
 * Notes (approaches rejected):
 * - "Contains CC0 somewhere" accepted texts such as "CC0 for the preview, models CC-BY 4.0" and
 *   "CC0 but attribution required": any restricting licence mentioned beside CC0 makes the text
 *   ambiguous and it is refused, except a software licence (MIT, BSD, Apache, GPL...) whose text is
 *   about "the Software" when the same text scopes CC0 explicitly to the assets or models. That
 *   exception is what real packs look like: Kenney's starter kits ship MIT for their code and
 *   state "Assets included in this package (... 3D models ...) are CC0 licensed".
 * - Polite credit requests that say they are optional ("this is not mandatory", "not a
 *   requirement") are not restrictions; KayKit and Kenney both phrase attribution that way.
 */

export type LicenseVerdict = { ok: true; license: 'CC0-1.0' } | { ok: false; reason: string };

const CC0_PATTERNS: RegExp[] = [
  /\bcc0\b/i,
  /\bcc[-\s]?zero\b/i,
  /creative\s+commons\s+zero/i,
  /creativecommons\.org\/publicdomain\/zero/i,
  /public\s+domain\s+dedication/i,
];

/** Restrictions that contradict CC0 for the assets themselves. */
const ASSET_RESTRICTIONS: [RegExp, string][] = [
  [/creativecommons\.org\/licenses\/by/i, 'a Creative Commons Attribution licence (CC-BY)'],
  [/\bcc[-\s]?by\b/i, 'a Creative Commons Attribution licence (CC-BY)'],
  [/\battribution[-\s]+(?:share\s*alike|non\s*commercial|no\s*deriv)/i, 'a Creative Commons Attribution licence'],
  [/creative\s+commons\s+attribution/i, 'a Creative Commons Attribution licence (CC-BY)'],
  [/\bshare[-\s]?alike\b/i, 'a share-alike condition'],
  [/\bnon[-\s]?commercial\b|\bnot\s+for\s+commercial\b|\bno\s+commercial\s+use\b/i, 'a non-commercial restriction'],
  [/\bno[-\s]?derivatives?\b|\bno\s+deriv/i, 'a no-derivatives restriction'],
  [/all\s+rights\s+reserved/i, '"all rights reserved"'],
  [/\bpersonal\s+use\s+only\b|\bfor\s+personal\s+use\b(?![^.]*commercial)/i, 'a personal-use-only restriction'],
  [/\b(?:do\s+not|may\s+not|must\s+not|cannot|can't)\s+(?:re)?(?:distribute|resell|sell|share)/i, 'a redistribution restriction'],
  [/\bproprietary\b/i, 'a proprietary licence'],
  [/\broyalt(?:y|ies)\s+(?:is|are)\s+(?:due|required|payable)/i, 'royalties'],
  [/\b(?:attribution|credit(?:ing)?)\s+(?:is\s+)?(?:required|mandatory)\b/i, 'a mandatory attribution'],
  [/\byou\s+must\s+(?:give\s+)?(?:credit|attribute)/i, 'a mandatory attribution'],
];

/** Software licences: fine for a pack's code when CC0 is explicitly scoped to its assets. */
const SOFTWARE_LICENSES: [RegExp, string][] = [
  [/\bmit\s+licen[cs]e\b|permission\s+is\s+hereby\s+granted,\s+free\s+of\s+charge/i, 'the MIT licence'],
  [/\bMIT\b/, 'the MIT licence'],
  [/\bgnu\b|\b[la]?gpl(?:v?\d)?\b|general\s+public\s+licen[cs]e/i, 'the GNU GPL'],
  [/\bapache\s+licen[cs]e\b/i, 'the Apache licence'],
  [/\bbsd\s+licen[cs]e\b|redistribution\s+and\s+use\s+in\s+source\s+and\s+binary\s+forms/i, 'a BSD licence'],
  [/\bmozilla\s+public\s+licen[cs]e\b|\bmpl\b/i, 'the Mozilla Public Licence'],
];

/** CC0 scoped to assets: one line naming assets/models/art (or a model file) and CC0 together. */
const ASSET_SCOPED_CC0 = /(assets?|models?|3d|sprites?|textures?|art(?:work)?|content|\.(?:fbx|glb|gltf|obj|blend)\b)[^\n]{0,200}?(cc0|creativecommons\.org\/publicdomain\/zero)|(cc0)[^\n]{0,40}\b(assets?|models?)\b/i;

/** Negations of optional credit wording we must not mistake for a restriction. */
const OPTIONAL_CREDIT = /\(?(?:this\s+is\s+)?not\s+(?:mandatory|a\s+requirement|required)\)?/gi;

function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u2018\u2019]/g, "'").replace(/[ \t]+/g, ' ');
}

/**
 * Decides whether `text` (a pack's licence file or the licence section of its README) grants
 * CC0-1.0. Anything else — another licence, a restriction beside CC0, or no licence at all — is
 * refused with a reason a person can act on.
 *
 * @example
 * checkLicense('License: (Creative Commons Zero, CC0)') // { ok: true, license: 'CC0-1.0' }
 */
export function checkLicense(text: string): LicenseVerdict {
  const t = normalise(text ?? '');
  if (t.trim().length === 0) return { ok: false, reason: 'licence: the licence text is empty' };
  const hasCc0 = CC0_PATTERNS.some((p) => p.test(t));
  const scrubbed = t.replace(OPTIONAL_CREDIT, ' ');
  const restrictions = [...new Set(ASSET_RESTRICTIONS.filter(([p]) => p.test(scrubbed)).map(([, name]) => name))];
  const software = [...new Set(SOFTWARE_LICENSES.filter(([p]) => p.test(t)).map(([, name]) => name))];
  if (!hasCc0) {
    const found = [...restrictions, ...software];
    return {
      ok: false,
      reason: found.length > 0
        ? `licence: not CC0 (the text names ${found.join(', ')}); only CC0-1.0 packs can be imported`
        : 'licence: no CC0 (Creative Commons Zero / public domain dedication) wording found; only CC0-1.0 packs can be imported',
    };
  }
  if (restrictions.length > 0) {
    return { ok: false, reason: `licence: ambiguous, the text mentions CC0 but also ${restrictions.join(', ')}; only plain CC0-1.0 packs can be imported` };
  }
  if (software.length > 0 && !ASSET_SCOPED_CC0.test(t)) {
    return { ok: false, reason: `licence: ambiguous, the text mentions CC0 and ${software.join(', ')} without saying the assets are CC0` };
  }
  return { ok: true, license: 'CC0-1.0' };
}

/** A software-licence-only text (MIT, BSD, ...) about "the Software", with no CC0 and no asset restrictions. */
export function isSoftwareOnlyLicense(text: string): boolean {
  const t = normalise(text);
  if (CC0_PATTERNS.some((p) => p.test(t))) return false;
  if (ASSET_RESTRICTIONS.some(([p]) => p.test(t.replace(OPTIONAL_CREDIT, ' ')))) return false;
  return SOFTWARE_LICENSES.some(([p]) => p.test(t)) && /\bthe\s+software\b/i.test(t);
}

const LICENSE_NAME = /^(?:licen[cs]e|copying|unlicen[cs]e)(?:[-_. ].*)?$|^.*[-_. ]licen[cs]e(?:\.\w+)?$/i;
const README_NAME = /^readme(?:\.(?:md|txt|markdown|rst))?$/i;
const TEXT_EXT = /(?:^[^.]+$|\.(?:txt|md|markdown|rst)$)/i;

/**
 * Licence candidates among a pack's files (relative paths, any separator), best first:
 * licence files (LICENSE, License.txt, LICENSE.md, LICENSE-CC0.MD, ...) before READMEs,
 * shallower before deeper, so the pack's own top-level licence wins over a vendored one.
 */
export function licenseCandidates(fileNames: string[]): string[] {
  const scored: [number, string][] = [];
  for (const f of fileNames) {
    const parts = f.split(/[\\/]/).filter((p) => p && p !== '.');
    const base = parts[parts.length - 1] ?? '';
    if (parts.some((p) => p === '__MACOSX' || p.startsWith('.'))) continue;
    if (!TEXT_EXT.test(base)) continue;
    const depth = parts.length - 1;
    if (LICENSE_NAME.test(base)) scored.push([depth * 10, f]);
    else if (README_NAME.test(base)) scored.push([depth * 10 + 5, f]);
  }
  return scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])).map(([, f]) => f);
}

/** The single best licence file among `fileNames`, or null when the pack has none. */
export function findLicenseFile(fileNames: string[]): string | null {
  return licenseCandidates(fileNames)[0] ?? null;
}

export interface PackLicenseVerdict {
  ok: boolean;
  license?: 'CC0-1.0';
  reason?: string;
  /** The file whose text granted CC0, when ok. */
  file?: string;
}

/**
 * The whole pack's verdict from the texts of its licence candidates (see licenseCandidates):
 * at least one must grant CC0, and every other licence file must either grant CC0 too or be a
 * software-only licence while the CC0 grant is scoped to the assets. Any restriction refuses.
 */
export function checkPackLicense(files: { path: string; text: string }[]): PackLicenseVerdict {
  if (files.length === 0) return { ok: false, reason: 'licence: the pack has no LICENSE or README file; only CC0-1.0 packs with a licence file can be imported' };
  const verdicts = files.map((f) => ({ ...f, v: checkLicense(f.text) }));
  const granting = verdicts.find((x) => x.v.ok);
  const isLicenseFile = (p: string): boolean => LICENSE_NAME.test(p.split(/[\\/]/).pop() ?? '');
  for (const x of verdicts) {
    if (x.v.ok) continue;
    // A README that says nothing about licences is not a problem; a licence file always counts.
    const silentReadme = !isLicenseFile(x.path) && !/licen[cs]|copyright|rights|cc0|creative\s+commons/i.test(x.text);
    if (silentReadme) continue;
    // Code under MIT & co. beside a grant that scopes CC0 to the assets (Kenney's starter kits).
    if (granting && isSoftwareOnlyLicense(x.text) && ASSET_SCOPED_CC0.test(normalise(granting.text))) continue;
    return { ok: false, reason: `${x.path}: ${(x.v as { reason: string }).reason}` };
  }
  if (!granting) return { ok: false, reason: 'licence: no file of the pack grants CC0-1.0' };
  return { ok: true, license: 'CC0-1.0', file: granting.path };
}
