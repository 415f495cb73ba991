/**
 * Child process that installs the built-in catalog into a data folder, started by the service at
 * first start (so the service answers at once while hundreds of assets are built and rendered).
 */
import { installBuiltinCatalog } from '../service/catalog/builtin-catalog';
import { builtinClipsInstalled, installBuiltinClips } from '../service/catalog/builtin-clips';
import { builtinCatalogInstalled } from '../service/catalog/builtin-catalog';
import { openStore } from '../service/context';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('catalog-installer: usage: catalog-installer DATA_DIR');
  process.exit(2);
}
const store = openStore(dataDir);
try {
  const result = (await builtinCatalogInstalled(store)) ? { packs: 0, assets: 0 } : await installBuiltinCatalog(store);
  const clips = (await builtinClipsInstalled(store)) ? { clips: 0 } : await installBuiltinClips(store);
  console.log(JSON.stringify({ ...result, ...clips }));
} finally {
  await store.close();
}
