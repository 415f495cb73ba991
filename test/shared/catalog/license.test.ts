import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLicense, checkPackLicense, findLicenseFile, licenseCandidates } from '../../../shared/catalog/license';
import { corpusPath, describeWithCorpus } from '../../support/corpus';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

describeWithCorpus('checkLicense on the corpus licence files', () => {
  it('accepts every CC0 licence file of the corpus', () => {
    // Listed inside the test: a skipped block's body still runs at collection, without a corpus too.
    const files = walk(corpusPath()).filter((f) => /licen[cs]e/i.test(path.basename(f)));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const verdict = checkLicense(text);
      if (/MIT License/.test(text) && !/cc0/i.test(text)) expect(verdict.ok, f).toBe(false); // Kenney's code licence
      else expect(verdict, f).toEqual({ ok: true, license: 'CC0-1.0' });
    }
  });

  it('accepts the three corpus prop packs as whole packs, with the file that grants CC0', () => {
    const expected: Record<string, string> = {
      kenney_platformer: 'README.md', kenney_mini_arena: 'License.txt', kaykit_dungeon_remastered: 'LICENSE.txt',
    };
    for (const [pack, file] of Object.entries(expected)) {
      const root = corpusPath('props', pack);
      const rel = walk(root).map((f) => path.relative(root, f).split(path.sep).join('/'));
      const candidates = licenseCandidates(rel);
      const verdict = checkPackLicense(candidates.map((p) => ({ path: p, text: readFileSync(path.join(root, p), 'utf8') })));
      expect(verdict, pack).toMatchObject({ ok: true, license: 'CC0-1.0', file });
    }
  });
});

describe('checkLicense', () => {
  const accepted = [
    'License: (Creative Commons Zero, CC0)\nhttp://creativecommons.org/publicdomain/zero/1.0/\nSupport by crediting Kenney (this is not a requirement)',
    'CC0 1.0 Universal (CC0 1.0)\nPublic Domain Dedication\nhttps://creativecommons.org/publicdomain/zero/1.0/',
    'CC0 1.0 Universal',
    'These models are released into the public domain under CC0.',
  ];
  const refused: [string, RegExp][] = [
    ['', /empty/],
    ['   \n\t ', /empty/],
    ['This work is licensed under a Creative Commons Attribution 4.0 International License (CC BY 4.0).', /not CC0.*Attribution/],
    ['Licensed CC-BY-SA 3.0: https://creativecommons.org/licenses/by-sa/3.0/', /not CC0/],
    ['MIT License\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software', /not CC0.*MIT/],
    ['GNU GENERAL PUBLIC LICENSE Version 3', /not CC0.*GPL/],
    ['Copyright 2024 Studio X. All rights reserved.', /all rights reserved/],
    ['Free for non-commercial use only.', /non-commercial/],
    ['Released under CC0, but attribution is required in your credits.', /ambiguous.*attribution/],
    ['Textures are CC0; the models are CC-BY 4.0 (https://creativecommons.org/licenses/by/4.0/).', /ambiguous.*CC-BY/],
    ['CC0 for personal use only', /ambiguous.*personal/],
    ['CC0 or MIT, your choice', /ambiguous.*MIT/],
    ['Please do not redistribute these files. CC0', /ambiguous.*redistribution/],
    ['Some nice models I made.', /no CC0/],
  ];
  it('accepts plain CC0 wordings', () => {
    for (const t of accepted) expect(checkLicense(t), t).toEqual({ ok: true, license: 'CC0-1.0' });
  });
  it('refuses other licences, restrictions beside CC0 and empty text, saying why', () => {
    for (const [t, reason] of refused) {
      const v = checkLicense(t);
      expect(v.ok, t).toBe(false);
      if (!v.ok) expect(v.reason, t).toMatch(reason);
    }
  });
  it('accepts MIT for code when the same text scopes CC0 to the assets', () => {
    const text = 'MIT License\nPermission is hereby granted, free of charge... the Software.\nAssets included in this package (3D models) are CC0 licensed.';
    expect(checkLicense(text).ok).toBe(true);
  });
});

describe('findLicenseFile / checkPackLicense', () => {
  it('prefers licence files over READMEs, and shallow over deep', () => {
    expect(findLicenseFile(['models/a.glb', 'README.md', 'License.txt'])).toBe('License.txt');
    expect(findLicenseFile(['pack/LICENSE', 'pack/sub/LICENSE.md'])).toBe('pack/LICENSE');
    expect(findLicenseFile(['LICENSE-CC0.MD', 'a.glb'])).toBe('LICENSE-CC0.MD');
    expect(findLicenseFile(['docs/readme.txt', 'x.fbx'])).toBe('docs/readme.txt');
    expect(findLicenseFile(['a.glb', 'Textures/colormap.png', '__MACOSX/LICENSE', '.hidden/LICENSE'])).toBeNull();
    expect(findLicenseFile(['license.png'])).toBeNull();
  });
  it('refuses a pack with no licence file or with a non-CC0 licence beside a CC0 README', () => {
    expect(checkPackLicense([]).ok).toBe(false);
    const v = checkPackLicense([
      { path: 'LICENSE.txt', text: 'Creative Commons Attribution 4.0 (CC BY 4.0)' },
      { path: 'README.md', text: 'Models CC0' },
    ]);
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/LICENSE\.txt/);
    expect(checkPackLicense([{ path: 'README.md', text: 'A pack of nice rocks.' }]).ok).toBe(false);
  });
});
