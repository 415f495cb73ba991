/** The template for a body plan (`others` has none: its skeleton is grown from the shape, see fit-others.ts). */
import type { RigType } from '../types';
import type { Template } from './template';
import { bipedTemplate } from './biped';
import { quadrupedTemplate } from './quadruped';
import { multilegTemplate } from './multileg';
import { avianTemplate } from './avian';
import { serpentineTemplate } from './serpentine';
import { aquaticTemplate } from './aquatic';

export function templateFor(plan: Exclude<RigType, 'others'>, fingers = false): Template {
  switch (plan) {
    case 'biped': return bipedTemplate(fingers);
    case 'quadruped': return quadrupedTemplate();
    case 'hexapod': return multilegTemplate('hexapod');
    case 'octopod': return multilegTemplate('octopod');
    case 'avian': return avianTemplate();
    case 'serpentine': return serpentineTemplate();
    case 'aquatic': return aquaticTemplate();
  }
}
