/** Pack "Nature": rocks, trees and plants. */
import { asset, type BuiltinPack } from '../pack-types';
import { bush, cactus, flower, grass, log, mushroom, rock, rockCluster, tree, type RockParams, type TreeParams } from '../generators/nature';
import { PLANT } from '../palette';

const rocks: [string, RockParams][] = [
  ['boulder_round', { size: 0.8, stretch: [1, 0.8, 1], roughness: 0.18, sink: 0.2, stone: 'grey', faceted: false }],
  ['boulder_mossy', { size: 0.9, stretch: [1.1, 0.75, 0.9], roughness: 0.2, sink: 0.2, stone: 'mossy', faceted: false, moss: true }],
  ['rock_faceted', { size: 0.5, stretch: [1, 0.9, 1], roughness: 0.3, sink: 0.25, stone: 'dark', faceted: true }],
  ['rock_flat_slab', { size: 0.7, stretch: [1.4, 0.3, 1], roughness: 0.15, sink: 0.3, stone: 'grey', faceted: true }],
  ['rock_tall_spire', { size: 0.5, stretch: [0.6, 2.4, 0.6], roughness: 0.25, sink: 0.1, stone: 'dark', faceted: true }],
  ['rock_sandstone', { size: 0.6, stretch: [1.3, 0.7, 1], roughness: 0.12, sink: 0.25, stone: 'sand', faceted: false }],
  ['rock_red_chunk', { size: 0.55, stretch: [1, 1, 0.8], roughness: 0.35, sink: 0.2, stone: 'red', faceted: true }],
  ['pebble', { size: 0.12, stretch: [1.3, 0.6, 1], roughness: 0.1, sink: 0.3, stone: 'grey', faceted: false }],
  ['stone_small_dark', { size: 0.25, stretch: [1, 0.8, 1.2], roughness: 0.25, sink: 0.25, stone: 'dark', faceted: true }],
  ['cliff_chunk', { size: 1.5, stretch: [1.4, 1.2, 0.8], roughness: 0.35, sink: 0.1, stone: 'grey', faceted: true }],
  ['rock_mossy_slab', { size: 0.8, stretch: [1.3, 0.4, 1.1], roughness: 0.2, sink: 0.25, stone: 'mossy', faceted: true, moss: true }],
  ['boulder_sandstone_large', { size: 1.3, stretch: [1.2, 0.9, 1], roughness: 0.15, sink: 0.2, stone: 'sand', faceted: true }],
];

const clusters: [string, RockParams, number][] = [
  ['rocks_cluster_grey', { size: 0.5, stretch: [1, 0.8, 1], roughness: 0.25, sink: 0.2, stone: 'grey', faceted: true }, 4],
  ['rocks_cluster_sand', { size: 0.4, stretch: [1.2, 0.7, 1], roughness: 0.15, sink: 0.2, stone: 'sand', faceted: false }, 5],
  ['pebbles_scatter', { size: 0.1, stretch: [1.2, 0.6, 1], roughness: 0.1, sink: 0.3, stone: 'dark', faceted: false }, 7],
  ['rocks_cluster_red', { size: 0.45, stretch: [0.9, 1.2, 0.9], roughness: 0.3, sink: 0.15, stone: 'red', faceted: true }, 3],
  ['rocks_mossy_pile', { size: 0.5, stretch: [1, 0.7, 1], roughness: 0.2, sink: 0.25, stone: 'mossy', faceted: false }, 5],
];

const trees: [string, TreeParams][] = [
  ['tree_oak', { height: 5, kind: 'round', leaves: PLANT.leaves, trunk: PLANT.bark }],
  ['tree_oak_large', { height: 8, kind: 'cluster', leaves: PLANT.darkLeaves, trunk: PLANT.bark, lobes: 6 }],
  ['tree_autumn', { height: 5, kind: 'round', leaves: PLANT.autumn, trunk: PLANT.bark, lobes: 4 }],
  ['tree_pine', { height: 7, kind: 'pine', leaves: PLANT.pine, trunk: PLANT.bark }],
  ['tree_pine_small', { height: 3, kind: 'pine', leaves: { color: '#3f6a3c', roughness: 0.9 }, trunk: PLANT.bark, lobes: 3 }],
  ['tree_birch', { height: 6, kind: 'birch', leaves: { color: '#8ab04a', texture: 'leaves', roughness: 0.9 }, trunk: PLANT.birch }],
  ['tree_dead', { height: 4.5, kind: 'dead', leaves: PLANT.leaves, trunk: { color: '#5a4a3a', texture: 'bark', roughness: 1 } }],
  ['tree_dead_pale', { height: 6, kind: 'dead', leaves: PLANT.leaves, trunk: { color: '#a09480', texture: 'bark', roughness: 1 } }],
  ['tree_palm', { height: 6, kind: 'palm', leaves: { color: '#4a9a3a', roughness: 0.9, doubleSided: true }, trunk: { color: '#8a6a4a', texture: 'bark', roughness: 1 } }],
  ['tree_willow', { height: 5.5, kind: 'willow', leaves: { color: '#7aa04a', texture: 'leaves', roughness: 0.9 }, trunk: PLANT.bark }],
  ['tree_poplar', { height: 8, kind: 'poplar', leaves: PLANT.darkLeaves, trunk: PLANT.bark, lobes: 2 }],
  ['tree_cherry_blossom', { height: 4.5, kind: 'cluster', leaves: { color: '#f0a8c0', texture: 'leaves', roughness: 0.9 }, trunk: { color: '#4a3028', texture: 'bark', roughness: 1 }, lobes: 5 }],
  ['sapling', { height: 1.8, kind: 'round', leaves: { color: '#6ab04a', texture: 'leaves', roughness: 0.9 }, trunk: PLANT.bark, lobes: 1 }],
];

export function naturePack(): BuiltinPack {
  const assets = [
    ...rocks.map(([name, p]) => asset(name, 'rocks', () => rock(name, p))),
    ...clusters.map(([name, p, n]) => asset(name, 'rocks', () => rockCluster(name, p, n))),
    ...trees.map(([name, p]) => asset(name, 'trees', () => tree(name, p))),
    asset('log_fallen', 'trees', () => log('log_fallen', 2.2, 0.22, 'fallen')),
    asset('tree_stump', 'trees', () => log('tree_stump', 0.45, 0.3, 'stump')),
    asset('log_pile', 'trees', () => log('log_pile', 1.6, 0.14, 'pile')),

    asset('bush_round', 'plants', () => bush('bush_round', 0.6, 4, PLANT.leaves)),
    asset('bush_large', 'plants', () => bush('bush_large', 1.0, 6, PLANT.darkLeaves)),
    asset('bush_berries_red', 'plants', () => bush('bush_berries_red', 0.5, 4, PLANT.darkLeaves, '#c0202a')),
    asset('bush_berries_blue', 'plants', () => bush('bush_berries_blue', 0.45, 3, PLANT.leaves, '#3a3ab0')),
    asset('bush_autumn', 'plants', () => bush('bush_autumn', 0.55, 5, PLANT.autumn)),
    asset('grass_tuft', 'plants', () => grass('grass_tuft', 14, 0.3, '#6aa84a')),
    asset('grass_tall', 'plants', () => grass('grass_tall', 22, 0.7, '#7ab04a')),
    asset('grass_dry', 'plants', () => grass('grass_dry', 16, 0.4, '#c8b060')),
    asset('reeds', 'plants', () => grass('reeds', 12, 1.3, '#5a8a4a')),
    asset('flowers_red', 'plants', () => flower('flowers_red', 6, '#d0302a', 5, 0.35)),
    asset('flowers_yellow', 'plants', () => flower('flowers_yellow', 8, '#f0c830', 7, 0.3)),
    asset('flowers_purple', 'plants', () => flower('flowers_purple', 5, '#8a4ac0', 4, 0.45)),
    asset('flower_white_single', 'plants', () => flower('flower_white_single', 10, '#f4f0ea', 1, 0.4)),
    asset('flowers_blue', 'plants', () => flower('flowers_blue', 5, '#4a7ad0', 9, 0.25)),
    asset('mushroom_red_spotted', 'plants', () => mushroom('mushroom_red_spotted', 1, '#c0282a', true, 'dome')),
    asset('mushrooms_brown_cluster', 'plants', () => mushroom('mushrooms_brown_cluster', 4, '#8a5a3a', false, 'flat')),
    asset('mushrooms_cone', 'plants', () => mushroom('mushrooms_cone', 3, '#c8a060', false, 'cone')),
    asset('mushrooms_red_cluster', 'plants', () => mushroom('mushrooms_red_cluster', 5, '#b0302a', true, 'dome')),
    asset('mushroom_purple_flat', 'plants', () => mushroom('mushroom_purple_flat', 2, '#7a3a8a', true, 'flat')),
    asset('cactus_saguaro', 'plants', () => cactus('cactus_saguaro', 2, 2.5, false)),
    asset('cactus_column', 'plants', () => cactus('cactus_column', 0, 1.2, false)),
    asset('cactus_potted', 'plants', () => cactus('cactus_potted', 1, 0.45, true)),
    asset('cactus_three_arms', 'plants', () => cactus('cactus_three_arms', 3, 2.0, false)),
  ];
  return {
    id: 'rigdesk-nature',
    name: 'Rigdesk Nature',
    description: 'Boulders, stones and rock clusters; oaks, pines, birches, palms and dead trees; bushes, grass, flowers, mushrooms and cacti. Generated by Rigdesk, CC0-1.0.',
    license: 'CC0-1.0',
    assets,
  };
}
