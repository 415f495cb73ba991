/**
 * `npm run build:blender-addon`: zips integrations/blender/rigdesk_blender/ into
 * dist/rigdesk_blender.zip, the file Blender's Preferences > Add-ons > Install... takes (a zip whose top
 * folder is the add-on package).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.join(here, 'rigdesk_blender');

export function buildBlenderAddon(outFile = path.resolve(here, '../../dist/rigdesk_blender.zip')): string {
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(pkg)) if (name.endsWith('.py')) files[`rigdesk_blender/${name}`] = readFileSync(path.join(pkg, name));
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, zipSync(files, { level: 9 }));
  return outFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) console.log(`wrote ${buildBlenderAddon(process.argv[2])}`);
