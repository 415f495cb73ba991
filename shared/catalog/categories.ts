/**
 * Catalog categories and the keyword table that maps file and folder names onto them.
 * Built-in packs use the same names, so imported and built-in assets filter together.
 */
export const CATEGORIES = [
  'barrels', 'characters', 'chests', 'containers', 'crates', 'decor', 'doors', 'fences', 'floors', 'furniture',
  'lights', 'misc', 'pillars', 'plants', 'platforms', 'rocks', 'stairs', 'tools', 'trees', 'walls', 'weapons',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Object nouns: when a name contains one, it decides (wall_shelves -> furniture, torch_mounted -> lights).
 * Matched per token (after splitting on _ - . space and camelCase), singular or plural.
 */
const OBJECT_WORDS: Record<string, Category> = {};
const STRUCTURE_WORDS: Record<string, Category> = {};

function add(table: Record<string, Category>, category: Category, words: string): void {
  for (const w of words.split(/\s+/).filter(Boolean)) table[w] = category;
}

add(OBJECT_WORDS, 'barrels', 'barrel keg cask');
add(OBJECT_WORDS, 'crates', 'crate box boxes');
add(OBJECT_WORDS, 'chests', 'chest trunk coffer');
add(OBJECT_WORDS, 'containers', 'bottle bottles potion flask jug jar vase pot urn amphora bucket sack bag basket bowl cup mug goblet plate cauldron container');
add(OBJECT_WORDS, 'lights', 'torch candle candles candelabra lantern lamp brazier chandelier campfire fire light');
add(OBJECT_WORDS, 'tools', 'hammer axe pickaxe pick shovel spade rake pitchfork broom saw tool tools anvil wrench sickle tongs');
add(OBJECT_WORDS, 'weapons', 'sword swords dagger spear halberd trident shield mace club bow crossbow weapon weapons arrow');
add(OBJECT_WORDS, 'furniture', 'table chair stool bench shelf shelves bookcase bed wardrobe cabinet cupboard desk dresser drawer nightstand sofa couch throne rack');
add(OBJECT_WORDS, 'decor', 'banner statue trophy painting rug carpet book books coin coins flag sign clock mirror curtain food skull bones keyring key');
add(OBJECT_WORDS, 'platforms', 'platform platforms block blocks');
add(OBJECT_WORDS, 'rocks', 'rock rocks stone stones boulder pebble pebbles rubble cliff');
add(OBJECT_WORDS, 'trees', 'tree trees pine oak palm birch log logs stump');
add(OBJECT_WORDS, 'plants', 'plant plants bush bushes grass flower flowers mushroom mushrooms cactus fern reed reeds hedge vine');
add(OBJECT_WORDS, 'characters', 'character characters soldier knight mage barbarian rogue npc hero enemy');
add(STRUCTURE_WORDS, 'walls', 'wall walls brick bricks');
add(STRUCTURE_WORDS, 'floors', 'floor floors tile tiles ground');
add(STRUCTURE_WORDS, 'pillars', 'column columns pillar pillars post');
add(STRUCTURE_WORDS, 'stairs', 'stairs stair steps ladder');
add(STRUCTURE_WORDS, 'fences', 'fence fences barrier border railing rail gate');
add(STRUCTURE_WORDS, 'doors', 'door doors doorway portcullis');

/** Splits a name into lowercase word tokens: 'wallDoorway_A-2' -> ['wall', 'doorway', 'a', '2']. */
export function nameTokens(name: string): string[] {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

function lookup(tokens: string[], table: Record<string, Category>): Category | null {
  for (const t of tokens) {
    const hit = table[t] ?? (t.endsWith('s') ? table[t.slice(0, -1)] : undefined) ?? (t.endsWith('es') ? table[t.slice(0, -2)] : undefined);
    if (hit) return hit;
  }
  return null;
}

/**
 * The category of an asset from its file's base name and the meaningful folders above it
 * (nearest first): an object noun in the name wins, then a folder's keyword, then a structural
 * word in the name, then a structural word in a folder, else 'misc'.
 */
export function categorize(baseName: string, folders: string[] = []): Category {
  const tokens = nameTokens(baseName);
  const folderTokens = folders.map(nameTokens);
  return lookup(tokens, OBJECT_WORDS)
    ?? folderTokens.map((f) => lookup(f, OBJECT_WORDS) ?? lookup(f, STRUCTURE_WORDS)).find((c) => c !== null)
    ?? lookup(tokens, STRUCTURE_WORDS)
    ?? 'misc';
}
