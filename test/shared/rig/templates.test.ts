import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { templateFor } from '../../../shared/rig/templates';
import { bipedName, bipedTemplate } from '../../../shared/rig/templates/biped';
import { validateTemplate } from '../../../shared/rig/templates/template';
import { RIG_TYPES } from '../../../shared/rig/types';

describe('rig templates', () => {
  it('every body plan template is well formed: unique keys, parents listed first, one root, roles set', () => {
    for (const plan of RIG_TYPES) {
      if (plan === 'others') continue;
      const t = templateFor(plan);
      expect(() => validateTemplate(t)).not.toThrow();
      expect(t.joints.filter((j) => j.parent === null)).toHaveLength(1);
      expect(new Set(t.joints.map((j) => j.role)).size).toBe(t.joints.length);
      expect(t.joints.every((j) => j.role.length > 0)).toBe(true);
    }
  });

  it('biped has the auto-mapped names of the issue and rig_fingers adds exactly 30 bones', () => {
    const keys = bipedTemplate(false).joints.map((j) => j.key);
    for (const k of ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head', 'LeftShoulder', 'LeftArm', 'LeftForeArm', 'LeftHand', 'LeftUpLeg', 'LeftLeg', 'LeftFoot', 'LeftToeBase'])
      for (const n of [k, k.replace('Left', 'Right')]) expect(keys).toContain(n);
    const withFingers = bipedTemplate(true).joints.map((j) => j.key);
    const added = withFingers.filter((k) => !keys.includes(k));
    expect(added).toHaveLength(30);
    for (const s of ['Left', 'Right']) for (const f of ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky']) for (const i of [1, 2, 3]) expect(added).toContain(`${s}Hand${f}${i}`);
  });

  it('a biped tail adds the quadruped tail joints last (same keys and roles), the 25 joints keep their indices', () => {
    const plain = bipedTemplate(false).joints;
    const tailed = bipedTemplate(false, true).joints;
    expect(plain).toHaveLength(25);
    expect(tailed.slice(0, 25)).toEqual(plain);
    const quadTail = templateFor('quadruped').joints.filter((j) => j.key.startsWith('Tail'));
    expect(tailed.slice(25)).toEqual(quadTail);
    expect(bipedTemplate(true, true).joints).toHaveLength(60);
  });

  it('each bone naming maps the biped (with fingers) to unique names in its convention', () => {
    const t = bipedTemplate(true);
    for (const naming of ['mixamo', 'unreal', 'unity', 'vrm'] as const) {
      const names = t.joints.map((j) => bipedName(j.key, naming));
      expect(new Set(names).size).toBe(names.length);
    }
    expect(bipedName('LeftUpLeg', 'unreal')).toBe('thigh_l');
    expect(bipedName('Hips', 'unreal')).toBe('pelvis');
    expect(bipedName('RightHandIndex2', 'unreal')).toBe('index_02_r');
    expect(bipedName('LeftForeArm', 'unity')).toBe('LeftLowerArm');
    expect(bipedName('LeftHandRing3', 'unity')).toBe('LeftRingDistal');
    expect(bipedName('Spine2', 'vrm')).toBe('upperChest');
    expect(bipedName('LeftHandThumb1', 'vrm')).toBe('leftThumbMetacarpal');
  });
});

describe('the README documents every template', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Rig templates'), readme.indexOf('\n## ', readme.indexOf('## Rig templates') + 5));

  it('states each template joint count in its heading', () => {
    const counted: [string, number][] = [
      ['biped', templateFor('biped').joints.length],
      ['quadruped', templateFor('quadruped').joints.length],
      ['hexapod', templateFor('hexapod').joints.length],
      ['octopod', templateFor('octopod').joints.length],
      ['avian', templateFor('avian').joints.length],
      ['serpentine', templateFor('serpentine').joints.length],
      ['aquatic', templateFor('aquatic').joints.length],
    ];
    for (const [plan, n] of counted) expect(section, plan).toMatch(new RegExp(`${plan}[^\\n]*\\(${n} joints`));
    expect(section).toContain(`${templateFor('biped', true).joints.length} with \`rig_fingers\``);
    expect(section).toContain(`${bipedTemplate(false, true).joints.length} with a tail`);
  });

  it('lists every biped joint (left side and spine) with its parent in the table', () => {
    for (const j of bipedTemplate(false, true).joints.filter((j) => !j.key.startsWith('Right'))) {
      expect(section, j.key).toContain(`| ${j.key} | ${j.parent ?? '-'} |`);
    }
  });
});
