/** Pack "Dungeon Props": crates, barrels, chests, lights and containers for interiors and cellars. */
import { asset, type BuiltinPack } from '../pack-types';
import { barrel, barrelGroup, barrelLying, type BarrelParams } from '../generators/barrels';
import { chest } from '../generators/chests';
import { basket, bucket, sack, vessel, VESSEL_PROFILES } from '../generators/containers';
import { crate, crateStack, type CrateStyle } from '../generators/crates';
import { brazier, campfire, candelabra, candles, chandelier, lantern, oilLamp, torch } from '../generators/lights';
import { METAL, MISC } from '../palette';

const crates: [string, number, number, number, CrateStyle, 'light' | 'medium' | 'dark' | 'grey' | 'red'][] = [
  ['crate_framed', 0.8, 0.8, 0.8, 'framed', 'medium'],
  ['crate_framed_small', 0.5, 0.5, 0.5, 'framed', 'light'],
  ['crate_slatted', 0.7, 0.6, 0.6, 'slatted', 'light'],
  ['crate_slatted_long', 1.2, 0.5, 0.6, 'slatted', 'grey'],
  ['crate_braced', 0.8, 0.8, 0.8, 'braced', 'medium'],
  ['crate_braced_tall', 0.7, 1.1, 0.7, 'braced', 'red'],
  ['crate_iron_corners', 0.75, 0.75, 0.75, 'iron_corners', 'dark'],
  ['crate_iron_corners_flat', 1.0, 0.45, 0.7, 'iron_corners', 'medium'],
  ['crate_banded', 0.9, 0.7, 0.7, 'banded', 'medium'],
  ['crate_open_straw', 0.8, 0.5, 0.6, 'open', 'light'],
];

const barrels: [string, BarrelParams][] = [
  ['barrel', { radius: 0.3, height: 0.9, bulge: 0.15, hoops: 3 }],
  ['barrel_squat', { radius: 0.35, height: 0.6, bulge: 0.12, hoops: 2, wood: 'dark' }],
  ['barrel_tall_four_hoops', { radius: 0.28, height: 1.1, bulge: 0.12, hoops: 4, wood: 'light' }],
  ['barrel_open_water', { radius: 0.3, height: 0.85, bulge: 0.14, hoops: 3, top: 'open_water' }],
  ['barrel_open_empty', { radius: 0.32, height: 0.8, bulge: 0.1, hoops: 2, top: 'open_empty', wood: 'grey' }],
  ['keg_tap', { radius: 0.2, height: 0.45, bulge: 0.12, hoops: 2, top: 'tap', wood: 'red', metal: 'brass' }],
  ['barrel_copper_hoops', { radius: 0.3, height: 0.9, bulge: 0.18, hoops: 3, metal: 'copper', wood: 'dark' }],
];

export function dungeonPropsPack(): BuiltinPack {
  const assets = [
    ...crates.map(([name, w, h, d, style, wood]) => asset(name, 'crates', () => crate(name, { w, h, d, style, wood, handles: name === 'crate_framed_small' }))),
    asset('crate_stack_two', 'crates', () => crateStack('crate_stack_two', { w: 0.7, h: 0.7, d: 0.7, style: 'framed' }, [[0, 0, 0, 1, 0], [0.05, 0.7, 0.02, 0.8, 0.4]])),
    asset('crate_stack_three', 'crates', () => crateStack('crate_stack_three', { w: 0.6, h: 0.6, d: 0.6, style: 'braced' }, [[-0.32, 0, 0, 1, 0], [0.32, 0, 0.05, 1, 0.15], [0, 0.6, 0, 1, -0.2]])),
    asset('crate_row_mixed', 'crates', () => crateStack('crate_row_mixed', { w: 0.6, h: 0.6, d: 0.6, style: 'iron_corners' }, [[-0.5, 0, 0, 1, 0], [0.25, 0, 0.1, 0.7, 0.6], [0.8, 0, -0.1, 0.5, 0.2]])),
    asset('crate_tower', 'crates', () => crateStack('crate_tower', { w: 0.55, h: 0.55, d: 0.55, style: 'slatted' }, [[0, 0, 0, 1, 0], [0, 0.55, 0, 1, 0.3], [0, 1.1, 0, 1, 0.7]])),

    ...barrels.map(([name, p]) => asset(name, 'barrels', () => barrel(name, p))),
    asset('barrel_lying_chocks', 'barrels', () => barrelLying('barrel_lying_chocks', { radius: 0.3, height: 0.9, bulge: 0.15, hoops: 3 }, false)),
    asset('barrel_on_stand', 'barrels', () => barrelLying('barrel_on_stand', { radius: 0.28, height: 0.8, bulge: 0.15, hoops: 3, wood: 'red' }, true)),
    asset('barrel_group_three', 'barrels', () => barrelGroup('barrel_group_three', { radius: 0.28, height: 0.85, bulge: 0.14, hoops: 3 }, [[-0.33, 0, 0], [0.33, 0, 0.4], [0, -0.55, 1]])),
    asset('barrel_pair_small', 'barrels', () => barrelGroup('barrel_pair_small', { radius: 0.2, height: 0.55, bulge: 0.1, hoops: 2, wood: 'light' }, [[-0.22, 0, 0], [0.22, 0.05, 0.7]])),
    asset('keg_row', 'barrels', () => barrelGroup('keg_row', { radius: 0.18, height: 0.42, bulge: 0.12, hoops: 2, wood: 'red', metal: 'brass', top: 'tap' }, [[-0.4, 0, 0], [0, 0, 0], [0.4, 0, 0]])),

    asset('chest_flat_lid', 'chests', () => chest('chest_flat_lid', { w: 0.8, h: 0.55, d: 0.5, lid: 'flat', open: false, bands: 2 })),
    asset('chest_round_lid', 'chests', () => chest('chest_round_lid', { w: 0.8, h: 0.65, d: 0.5, lid: 'round', open: false, bands: 3, handles: true })),
    asset('chest_peaked_lid', 'chests', () => chest('chest_peaked_lid', { w: 0.7, h: 0.6, d: 0.45, lid: 'peaked', open: false, bands: 2, wood: 'dark' })),
    asset('chest_treasure_open', 'chests', () => chest('chest_treasure_open', { w: 0.8, h: 0.6, d: 0.5, lid: 'round', open: true, bands: 3, treasure: true, metal: 'gold' })),
    asset('chest_open_cloth', 'chests', () => chest('chest_open_cloth', { w: 0.75, h: 0.55, d: 0.45, lid: 'flat', open: true, bands: 2, wood: 'medium' })),
    asset('chest_gold_trim', 'chests', () => chest('chest_gold_trim', { w: 0.9, h: 0.7, d: 0.55, lid: 'round', open: false, bands: 4, metal: 'gold', wood: 'dark', feet: true })),
    asset('coffer_small', 'chests', () => chest('coffer_small', { w: 0.35, h: 0.28, d: 0.25, lid: 'peaked', open: false, bands: 1, metal: 'brass', wood: 'red' })),
    asset('trunk_large', 'chests', () => chest('trunk_large', { w: 1.2, h: 0.7, d: 0.6, lid: 'flat', open: false, bands: 3, handles: true, wood: 'grey', feet: true })),
    asset('chest_footed_open', 'chests', () => chest('chest_footed_open', { w: 0.7, h: 0.65, d: 0.45, lid: 'peaked', open: true, bands: 2, feet: true, treasure: true })),

    asset('torch_wall', 'lights', () => torch('torch_wall', 'wall')),
    asset('torch_standing', 'lights', () => torch('torch_standing', 'standing')),
    asset('torch_hand', 'lights', () => torch('torch_hand', 'hand')),
    asset('candle_single', 'lights', () => candles('candle_single', [0.12], true, 'none')),
    asset('candle_unlit', 'lights', () => candles('candle_unlit', [0.16], false, 'none')),
    asset('candles_triple_dish', 'lights', () => candles('candles_triple_dish', [0.14, 0.09, 0.06], true, 'dish')),
    asset('candle_dish', 'lights', () => candles('candle_dish', [0.08], true, 'dish')),
    asset('candlestick', 'lights', () => candles('candlestick', [0.14], true, 'candlestick')),
    asset('candelabra_three', 'lights', () => candelabra('candelabra_three', 2)),
    asset('candelabra_five', 'lights', () => candelabra('candelabra_five', 4)),
    asset('lantern_square_table', 'lights', () => lantern('lantern_square_table', 'square', 'table')),
    asset('lantern_round_hanging', 'lights', () => lantern('lantern_round_hanging', 'round', 'hanging')),
    asset('lantern_square_hanging', 'lights', () => lantern('lantern_square_hanging', 'square', 'hanging')),
    asset('lamp_post', 'lights', () => lantern('lamp_post', 'square', 'post')),
    asset('lamp_post_round', 'lights', () => lantern('lamp_post_round', 'round', 'post')),
    asset('brazier_bowl', 'lights', () => brazier('brazier_bowl', 'bowl')),
    asset('brazier_tripod', 'lights', () => brazier('brazier_tripod', 'tripod')),
    asset('brazier_stone', 'lights', () => brazier('brazier_stone', 'stone')),
    asset('chandelier_ring', 'lights', () => chandelier('chandelier_ring', 6, 1)),
    asset('chandelier_tiered', 'lights', () => chandelier('chandelier_tiered', 8, 2)),
    asset('campfire', 'lights', () => campfire('campfire', 5, true, false)),
    asset('campfire_spit', 'lights', () => campfire('campfire_spit', 6, true, true)),
    asset('campfire_small', 'lights', () => campfire('campfire_small', 3, false, false)),
    asset('oil_lamp_brass', 'lights', () => oilLamp('oil_lamp_brass', 'brass', false)),
    asset('oil_lamp_copper', 'lights', () => oilLamp('oil_lamp_copper', 'copper', true)),

    asset('bottle_wine_green', 'containers', () => vessel('bottle_wine_green', VESSEL_PROFILES.wine_bottle, MISC.glassGreen, { cork: true, label: MISC.paper })),
    asset('bottle_wine_amber', 'containers', () => vessel('bottle_wine_amber', VESSEL_PROFILES.wine_bottle, MISC.glassAmber, { cork: true })),
    asset('potion_round_red', 'containers', () => vessel('potion_round_red', VESSEL_PROFILES.potion_round, { color: '#c02a3a', roughness: 0.15 }, { cork: true })),
    asset('potion_round_blue', 'containers', () => vessel('potion_round_blue', VESSEL_PROFILES.potion_round, MISC.glassBlue, { cork: true, label: MISC.paper })),
    asset('potion_square_green', 'containers', () => vessel('potion_square_green', VESSEL_PROFILES.potion_square, { color: '#3ac05a', roughness: 0.15 }, { cork: true, segments: 4 })),
    asset('flask_conical', 'containers', () => vessel('flask_conical', VESSEL_PROFILES.flask_conical, { color: '#a070d0', roughness: 0.15 }, { cork: true })),
    asset('jug_clay', 'containers', () => vessel('jug_clay', VESSEL_PROFILES.jug, MISC.clay, { handle: 'side' })),
    asset('amphora', 'containers', () => vessel('amphora', VESSEL_PROFILES.amphora, MISC.clay, { handle: 'two' })),
    asset('vase_tall_blue', 'containers', () => vessel('vase_tall_blue', VESSEL_PROFILES.vase_tall, MISC.ceramicBlue)),
    asset('vase_round_white', 'containers', () => vessel('vase_round_white', VESSEL_PROFILES.vase_round, MISC.ceramic, { label: MISC.ceramicBlue })),
    asset('pot_clay', 'containers', () => vessel('pot_clay', VESSEL_PROFILES.clay_pot, MISC.clay)),
    asset('urn_bronze', 'containers', () => vessel('urn_bronze', VESSEL_PROFILES.urn, METAL.brass, { handle: 'two' })),
    asset('jar_sealed', 'containers', () => vessel('jar_sealed', VESSEL_PROFILES.jar, MISC.ceramic, { cork: true, label: MISC.paper })),
    asset('mug_wooden', 'containers', () => vessel('mug_wooden', VESSEL_PROFILES.mug, { color: '#9a6a3a', texture: 'wood', roughness: 0.8 }, { handle: 'side', scale: 1.2 })),
    asset('goblet_gold', 'containers', () => vessel('goblet_gold', VESSEL_PROFILES.goblet, METAL.gold)),
    asset('ink_pot', 'containers', () => vessel('ink_pot', VESSEL_PROFILES.ink_pot, MISC.black, { cork: true })),
    asset('bucket_wooden', 'containers', () => bucket('bucket_wooden', true, false)),
    asset('bucket_water', 'containers', () => bucket('bucket_water', true, true)),
    asset('bucket_metal', 'containers', () => bucket('bucket_metal', false, false)),
    asset('sack_full', 'containers', () => sack('sack_full', 'burlap', 1, true, 3)),
    asset('sack_half', 'containers', () => sack('sack_half', 'burlap', 0.5, false, 5)),
    asset('sack_flour', 'containers', () => sack('sack_flour', 'cream', 0.9, true, 9)),
    asset('basket_empty', 'containers', () => basket('basket_empty', 0.2, 0.18, false, 'empty')),
    asset('basket_apples', 'containers', () => basket('basket_apples', 0.2, 0.16, true, 'apples')),
    asset('basket_bread', 'containers', () => basket('basket_bread', 0.25, 0.14, false, 'bread')),
  ];
  return {
    id: 'rigdesk-dungeon-props',
    name: 'Rigdesk Dungeon Props',
    description: 'Crates, barrels, chests, torches, candles, lanterns and vessels for cellars, taverns and dungeons. Generated by Rigdesk, CC0-1.0.',
    license: 'CC0-1.0',
    assets,
  };
}
