/** Roles of every Rigdesk template key across body plans, so clips written on a template map by name. */
import { templateFor } from '../rig/templates';
import { TEMPLATE_PLANS } from './template-skeleton';

let cache: Map<string, string> | null = null;

export function templateKeyRole(name: string): string {
  if (!cache) {
    cache = new Map();
    for (const plan of TEMPLATE_PLANS)
      for (const j of templateFor(plan, plan === 'biped').joints) if (j.deform && !cache.has(j.key.toLowerCase())) cache.set(j.key.toLowerCase(), j.role);
  }
  return cache.get(name.replace(/^.*[|:]/, '').toLowerCase()) ?? '';
}
