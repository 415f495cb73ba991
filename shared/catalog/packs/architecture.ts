/** Pack "Architecture Kit": modular walls, floors, pillars, stairs, fences and doorways. */
import { asset, type BuiltinPack } from '../pack-types';
import { doorway, fence, floorTile, pillar, stairs, wall, wallCorner, type FenceStyle, type PillarStyle } from '../generators/architecture';
import { METAL, PLANT, STONE, WOOD } from '../palette';

export function architecturePack(): BuiltinPack {
  const pillars: [string, number, PillarStyle, keyof typeof STONE][] = [
    ['column_round', 3, 'round', 'marble'], ['column_fluted', 3.2, 'fluted', 'marble'], ['column_round_sandstone', 2.6, 'round', 'sand'],
    ['pillar_square', 3, 'square', 'grey'], ['pillar_square_dark', 2.5, 'square', 'dark'], ['column_broken', 3, 'broken', 'marble'],
    ['column_broken_sand', 2.5, 'broken', 'sand'], ['post_timber', 3, 'wooden', 'grey'], ['obelisk', 4, 'obelisk', 'dark'],
    ['pedestal', 1.0, 'pedestal', 'marble'], ['column_twisted', 3, 'twisted', 'red'], ['obelisk_sandstone', 3, 'obelisk', 'sand'],
  ];
  const fences: [string, number, number, FenceStyle, typeof WOOD.medium][] = [
    ['fence_picket', 2, 1.0, 'picket', { color: '#ecece4', roughness: 0.7 }],
    ['fence_picket_wood', 2, 0.8, 'picket', WOOD.light],
    ['fence_rail', 2, 1.1, 'rail', WOOD.grey],
    ['fence_rail_long', 4, 1.0, 'rail', WOOD.medium],
    ['fence_iron', 2, 1.6, 'iron', METAL.iron],
    ['fence_iron_short', 1, 1.2, 'iron', METAL.iron],
    ['wall_stone_low', 2, 0.8, 'stone_low', STONE.grey],
    ['wall_stone_low_sand', 2, 0.6, 'stone_low', STONE.sand],
    ['hedge_straight', 2, 1.2, 'hedge', PLANT.darkLeaves],
    ['hedge_low', 2, 0.6, 'hedge', PLANT.leaves],
    ['gate_wooden', 2, 1.2, 'gate', WOOD.medium],
    ['fence_post', 0.2, 1.2, 'post', WOOD.dark],
    ['fence_wattle', 2, 0.9, 'wattle', { color: '#8a6a42', roughness: 1 }],
    ['fence_rope', 3, 0.9, 'rope', WOOD.medium],
  ];
  const assets = [
    asset('wall_stone', 'walls', () => wall('wall_stone', { w: 2, h: 3, t: 0.3, material: STONE.bricks, opening: 'none', detail: 'cap' })),
    asset('wall_stone_window', 'walls', () => wall('wall_stone_window', { w: 2, h: 3, t: 0.3, material: STONE.bricks, opening: 'window' })),
    asset('wall_stone_doorway', 'walls', () => wall('wall_stone_doorway', { w: 2, h: 3, t: 0.3, material: STONE.bricks, opening: 'door' })),
    asset('wall_stone_arch', 'walls', () => wall('wall_stone_arch', { w: 2, h: 3, t: 0.3, material: STONE.bricks, opening: 'arch' })),
    asset('wall_stone_crenellated', 'walls', () => wall('wall_stone_crenellated', { w: 2, h: 3, t: 0.4, material: STONE.bricks, opening: 'none', top: 'crenellated' })),
    asset('wall_stone_damaged', 'walls', () => wall('wall_stone_damaged', { w: 2, h: 2.2, t: 0.3, material: STONE.bricks, opening: 'none', top: 'damaged' })),
    asset('wall_brick', 'walls', () => wall('wall_brick', { w: 2, h: 3, t: 0.25, material: STONE.redBricks, opening: 'none', detail: 'plinth' })),
    asset('wall_brick_double_window', 'walls', () => wall('wall_brick_double_window', { w: 3, h: 3, t: 0.25, material: STONE.redBricks, opening: 'double_window', trim: STONE.grey })),
    asset('wall_brick_arch', 'walls', () => wall('wall_brick_arch', { w: 2, h: 3, t: 0.25, material: STONE.redBricks, opening: 'arch' })),
    asset('wall_plank', 'walls', () => wall('wall_plank', { w: 2, h: 2.8, t: 0.12, material: WOOD.planks, opening: 'none', detail: 'posts' })),
    asset('wall_plank_window', 'walls', () => wall('wall_plank_window', { w: 2, h: 2.8, t: 0.12, material: WOOD.planks, opening: 'window' })),
    asset('wall_plaster_timber', 'walls', () => wall('wall_plaster_timber', { w: 2, h: 3, t: 0.2, material: { color: '#e8dcc0', roughness: 0.95 }, opening: 'none', timber: true })),
    asset('wall_plaster_timber_window', 'walls', () => wall('wall_plaster_timber_window', { w: 2, h: 3, t: 0.2, material: { color: '#e8dcc0', roughness: 0.95 }, opening: 'window', timber: true })),
    asset('wall_plaster_doorway', 'walls', () => wall('wall_plaster_doorway', { w: 2, h: 3, t: 0.2, material: { color: '#dcd0b4', roughness: 0.95 }, opening: 'door', timber: true })),
    asset('wall_corner_stone', 'walls', () => wallCorner('wall_corner_stone', STONE.bricks, 3, 0.3, true)),
    asset('wall_corner_brick', 'walls', () => wallCorner('wall_corner_brick', STONE.redBricks, 3, 0.25, false)),
    asset('wall_half_stone', 'walls', () => wall('wall_half_stone', { w: 2, h: 1.2, t: 0.3, material: STONE.cobbles, opening: 'none', detail: 'cap' })),

    asset('floor_stone_slab', 'floors', () => floorTile('floor_stone_slab', 2, 'slab', STONE.cobbles)),
    asset('floor_stone_tiles', 'floors', () => floorTile('floor_stone_tiles', 2, 'tiles', STONE.grey)),
    asset('floor_tiles_sand', 'floors', () => floorTile('floor_tiles_sand', 2, 'tiles', STONE.sand)),
    asset('floor_wood_planks', 'floors', () => floorTile('floor_wood_planks', 2, 'planks', WOOD.medium)),
    asset('floor_wood_planks_dark', 'floors', () => floorTile('floor_wood_planks_dark', 2, 'planks', WOOD.dark)),
    asset('floor_checker', 'floors', () => floorTile('floor_checker', 2, 'checker', STONE.marble)),
    asset('floor_grate', 'floors', () => floorTile('floor_grate', 2, 'grate', STONE.tiles)),
    asset('floor_stepping_stones', 'floors', () => floorTile('floor_stepping_stones', 2, 'stepping', STONE.grey)),
    asset('floor_dirt', 'floors', () => floorTile('floor_dirt', 2, 'dirt', { color: '#7a5a3a', roughness: 1 })),
    asset('floor_cobbles_large', 'floors', () => floorTile('floor_cobbles_large', 4, 'slab', STONE.cobbles, true)),

    ...pillars.map(([name, h, style, stone]) => asset(name, 'pillars', () => pillar(name, h, style, STONE[stone]))),

    asset('stairs_stone', 'stairs', () => stairs('stairs_stone', 6, 0.2, 0.3, 1.5, 'solid', STONE.grey)),
    asset('stairs_stone_wide', 'stairs', () => stairs('stairs_stone_wide', 4, 0.18, 0.4, 3, 'solid', STONE.sand)),
    asset('stairs_wood_open', 'stairs', () => stairs('stairs_wood_open', 8, 0.2, 0.28, 1.0, 'open', WOOD.medium)),
    asset('stairs_railed', 'stairs', () => stairs('stairs_railed', 7, 0.2, 0.3, 1.4, 'railed', STONE.marble)),
    asset('stairs_spiral', 'stairs', () => stairs('stairs_spiral', 14, 0.2, 0.3, 1.0, 'spiral', STONE.grey)),
    asset('stairs_spiral_wood', 'stairs', () => stairs('stairs_spiral_wood', 10, 0.22, 0.3, 0.8, 'spiral', WOOD.dark)),
    asset('stairs_corner', 'stairs', () => stairs('stairs_corner', 5, 0.2, 0.3, 1.2, 'corner', STONE.dark)),
    asset('ladder_wooden', 'stairs', () => stairs('ladder_wooden', 8, 0.3, 0.3, 0.5, 'ladder', WOOD.medium)),
    asset('steps_short', 'stairs', () => stairs('steps_short', 3, 0.15, 0.35, 1.2, 'solid', STONE.cobbles)),

    ...fences.map(([name, len, h, style, m]) => asset(name, 'fences', () => fence(name, len, h, style, m))),

    asset('door_plank', 'doors', () => doorway('door_plank', 1.1, 2.2, 'plank')),
    asset('door_double', 'doors', () => doorway('door_double', 1.8, 2.5, 'double')),
    asset('door_arched', 'doors', () => doorway('door_arched', 1.2, 2.4, 'arched')),
    asset('portcullis', 'doors', () => doorway('portcullis', 2.0, 2.6, 'portcullis')),
  ];
  return {
    id: 'rigdesk-architecture',
    name: 'Rigdesk Architecture Kit',
    description: 'Modular walls with windows, doorways and arches, floor tiles, columns, stairs, ladders, fences, hedges, gates and doors on a 2 m grid. Generated by Rigdesk, CC0-1.0.',
    license: 'CC0-1.0',
    assets,
  };
}
