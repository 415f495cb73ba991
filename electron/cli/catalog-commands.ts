import type { Store } from '../service/context';
import { withCatalogStore } from './catalog-store';
import type { Command, CommandContext } from './commands';

/** `catalog import`: shared by the CLI and the studio's import route. */
export async function importPackIntoCatalog(store: Store, packPath: string, onProgress?: (done: number, total: number) => void) {
  const { packSourceFromPath } = await import('../../shared/catalog/pack-source');
  const { importPackAssets } = await import('../../shared/catalog/import-pack');
  const { storePack } = await import('../service/catalog/store-pack');
  const source = await packSourceFromPath(packPath);
  const pack = await importPackAssets(source, { onProgress: (done, total) => onProgress?.(done, total) });
  if (pack.assets.length === 0) {
    throw new Error(`import: no model of pack "${pack.packId}" could be read: ${pack.failed.map((f) => `${f.file}: ${f.reason}`).join('; ')}`);
  }
  await storePack(store, { id: pack.packId, name: pack.packName, source: packPath, builtin: false, assets: pack.assets });
  return { pack_id: pack.packId, license: pack.license, license_file: pack.licenseFile, imported: pack.assets.length, failed: pack.failed };
}

export const catalogCommands: Command[] = [
  {
    name: 'catalog',
    sub: 'import',
    usage: 'catalog import PATH [--database URL --blobs DIR]',
    options: { database: { type: 'string' }, blobs: { type: 'string' } },
    help: "Import a CC0 pack (folder or .zip): only packs whose licence file says CC0 are accepted; models become GLB with thumbnails; re-importing updates the pack.",
    run: async (ctx: CommandContext) => {
      const packPath = ctx.positionals[0];
      if (!packPath) throw new Error('missing PATH (a pack folder or .zip)');
      return withCatalogStore(ctx, (store) => importPackIntoCatalog(store, packPath, (done, total) => {
        if (!ctx.json) process.stderr.write(`\r  ${done}/${total} models`);
      }));
    },
    format: (r) => `\nimported ${r.imported} assets into pack ${r.pack_id} (${r.license}, from ${r.license_file})${r.failed.length ? `\nnot imported:\n${r.failed.map((f: { file: string; reason: string }) => `  ${f.file}: ${f.reason}`).join('\n')}` : ''}`,
  },
  {
    name: 'catalog',
    sub: 'install-builtin',
    usage: 'catalog install-builtin [--database URL --blobs DIR]',
    options: { database: { type: 'string' }, blobs: { type: 'string' } },
    help: "(Re)install Rigdesk's own CC0 packs (the service does this by itself at first start).",
    run: async (ctx) => {
      const { installBuiltinCatalog } = await import('../service/catalog/builtin-catalog');
      return withCatalogStore(ctx, (store) => installBuiltinCatalog(store, (done, total) => {
        if (!ctx.json) process.stderr.write(`\r  ${done}/${total} assets`);
      }));
    },
    format: (r) => `\ninstalled ${r.assets} assets in ${r.packs} packs`,
  },
];
