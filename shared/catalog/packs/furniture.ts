/** Pack "Furniture & Decor": tables, seating, storage, beds and room decoration. */
import { asset, type BuiltinPack } from '../pack-types';
import { bed, bench, bookStack, cabinet, chair, rug, shelf, stool, table, wallPainting } from '../generators/furniture';
import { CLOTH } from '../palette';

export function furniturePack(): BuiltinPack {
  const assets = [
    asset('table_square', 'furniture', () => table('table_square', { w: 0.9, d: 0.9, h: 0.75, round: false, legs: 'square', wood: 'medium' })),
    asset('table_long_trestle', 'furniture', () => table('table_long_trestle', { w: 2.2, d: 0.9, h: 0.76, round: false, legs: 'trestle', wood: 'dark' })),
    asset('table_round_pedestal', 'furniture', () => table('table_round_pedestal', { w: 1.0, d: 1.0, h: 0.75, round: true, legs: 'pedestal', wood: 'red' })),
    asset('table_round_cloth', 'furniture', () => table('table_round_cloth', { w: 1.1, d: 1.1, h: 0.75, round: true, legs: 'turned', wood: 'medium', cloth: CLOTH.cream })),
    asset('table_turned_legs', 'furniture', () => table('table_turned_legs', { w: 1.4, d: 0.8, h: 0.76, round: false, legs: 'turned', wood: 'light', drawer: true })),
    asset('table_tapered_runner', 'furniture', () => table('table_tapered_runner', { w: 1.6, d: 0.85, h: 0.76, round: false, legs: 'tapered', wood: 'dark', cloth: CLOTH.red })),
    asset('table_set_for_dinner', 'furniture', () => table('table_set_for_dinner', { w: 1.8, d: 0.9, h: 0.76, round: false, legs: 'square', wood: 'medium', items: true })),
    asset('side_table_round', 'furniture', () => table('side_table_round', { w: 0.5, d: 0.5, h: 0.6, round: true, legs: 'turned', wood: 'dark' })),
    asset('coffee_table', 'furniture', () => table('coffee_table', { w: 1.1, d: 0.6, h: 0.42, round: false, legs: 'tapered', wood: 'light' })),
    asset('desk_writing', 'furniture', () => table('desk_writing', { w: 1.2, d: 0.6, h: 0.76, round: false, legs: 'tapered', wood: 'red', drawer: true })),

    asset('chair_plain', 'furniture', () => chair('chair_plain', { seat: 0.44, back: 'solid', arms: false, legs: 'square', wood: 'medium' })),
    asset('chair_slat_back', 'furniture', () => chair('chair_slat_back', { seat: 0.44, back: 'slats', arms: false, legs: 'square', wood: 'light' })),
    asset('chair_spindle_back', 'furniture', () => chair('chair_spindle_back', { seat: 0.45, back: 'spindles', arms: false, legs: 'turned', wood: 'dark' })),
    asset('chair_ladder_back', 'furniture', () => chair('chair_ladder_back', { seat: 0.44, back: 'ladder', arms: false, legs: 'turned', wood: 'medium', backH: 0.6 })),
    asset('armchair_cushioned', 'furniture', () => chair('armchair_cushioned', { seat: 0.55, back: 'solid', arms: true, legs: 'square', wood: 'dark', cushion: 'red' })),
    asset('armchair_spindle', 'furniture', () => chair('armchair_spindle', { seat: 0.52, back: 'spindles', arms: true, legs: 'tapered', wood: 'light', cushion: 'green' })),
    asset('throne', 'furniture', () => chair('throne', { seat: 0.65, back: 'solid', arms: true, legs: 'square', wood: 'red', cushion: 'purple', backH: 1.1 })),
    asset('stool_round_three_legs', 'furniture', () => stool('stool_round_three_legs', true, 3, 0.45, 'medium')),
    asset('stool_square', 'furniture', () => stool('stool_square', false, 4, 0.45, 'dark')),
    asset('stool_bar', 'furniture', () => stool('stool_bar', true, 4, 0.75, 'light', 'blue')),
    asset('stool_milking', 'furniture', () => stool('stool_milking', true, 3, 0.28, 'grey')),
    asset('bench_plain', 'furniture', () => bench('bench_plain', 1.4, false, 'medium', false)),
    asset('bench_backed', 'furniture', () => bench('bench_backed', 1.6, true, 'light', false)),
    asset('bench_park_iron', 'furniture', () => bench('bench_park_iron', 1.8, true, 'red', true)),

    asset('bookcase_full', 'furniture', () => shelf('bookcase_full', 1.0, 2.0, 0.35, 5, 'dark', 'books', true)),
    asset('bookcase_low', 'furniture', () => shelf('bookcase_low', 1.2, 0.9, 0.35, 2, 'medium', 'books', true)),
    asset('shelf_pantry_jars', 'furniture', () => shelf('shelf_pantry_jars', 1.0, 1.6, 0.35, 4, 'light', 'jars', false)),
    asset('shelf_mixed', 'furniture', () => shelf('shelf_mixed', 1.4, 1.8, 0.4, 4, 'medium', 'mixed', true)),
    asset('shelf_empty', 'furniture', () => shelf('shelf_empty', 0.8, 1.5, 0.35, 3, 'grey', 'empty', false)),
    asset('bed_simple', 'furniture', () => bed('bed_simple', 0.95, 'simple', 'burlap', 'light')),
    asset('bed_framed_single', 'furniture', () => bed('bed_framed_single', 1.0, 'framed', 'blue', 'medium')),
    asset('bed_framed_double', 'furniture', () => bed('bed_framed_double', 1.6, 'framed', 'green', 'dark')),
    asset('bed_canopy', 'furniture', () => bed('bed_canopy', 1.6, 'canopy', 'red', 'red')),
    asset('bed_bunk', 'furniture', () => bed('bed_bunk', 0.95, 'bunk', 'blue', 'light')),
    asset('wardrobe', 'furniture', () => cabinet('wardrobe', 1.1, 2.0, 0.6, 2, 1, 'dark', false)),
    asset('dresser_drawers', 'furniture', () => cabinet('dresser_drawers', 1.0, 0.9, 0.5, 0, 4, 'medium', true)),
    asset('nightstand', 'furniture', () => cabinet('nightstand', 0.45, 0.6, 0.4, 1, 1, 'red', true)),
    asset('cupboard_kitchen', 'furniture', () => cabinet('cupboard_kitchen', 1.4, 0.9, 0.6, 3, 1, 'light', false)),
    asset('cabinet_tall_narrow', 'furniture', () => cabinet('cabinet_tall_narrow', 0.6, 1.8, 0.45, 1, 2, 'grey', true)),
    asset('sideboard', 'furniture', () => cabinet('sideboard', 1.8, 0.85, 0.5, 4, 0, 'dark', true)),

    asset('rug_rect_red', 'decor', () => rug('rug_rect_red', 2.0, 1.4, false, 'red', 'cream')),
    asset('rug_rect_blue', 'decor', () => rug('rug_rect_blue', 3.0, 2.0, false, 'blue', 'burlap')),
    asset('rug_round_green', 'decor', () => rug('rug_round_green', 1.6, 1.6, true, 'green', 'cream')),
    asset('rug_runner_purple', 'decor', () => rug('rug_runner_purple', 0.8, 3.0, false, 'purple', 'red')),
    asset('books_stack', 'decor', () => bookStack('books_stack', 5, false)),
    asset('books_stack_open', 'decor', () => bookStack('books_stack_open', 3, true)),
    asset('books_pair', 'decor', () => bookStack('books_pair', 2, false)),
    asset('painting_landscape', 'decor', () => wallPainting('painting_landscape', 1.0, 0.7, 'gold', ['#4a7a3a', '#8ab0d0', '#c8dff0'])),
    asset('painting_sunset', 'decor', () => wallPainting('painting_sunset', 0.8, 0.6, 'dark', ['#2a3a5a', '#c8603a', '#e8b050'])),
    asset('painting_portrait', 'decor', () => wallPainting('painting_portrait', 0.6, 0.9, 'brass', ['#3a2a1a', '#c8a080', '#3a2a1a', '#1a1a1a'])),
    asset('painting_sea', 'decor', () => wallPainting('painting_sea', 1.4, 0.6, 'light', ['#d8c890', '#3a6a9a', '#5a8ab0', '#d0e0f0'])),
  ];
  return {
    id: 'rigdesk-furniture',
    name: 'Rigdesk Furniture & Decor',
    description: 'Tables, chairs, stools, benches, shelves, beds, wardrobes and cabinets, plus rugs, books and paintings. Generated by Rigdesk, CC0-1.0.',
    license: 'CC0-1.0',
    assets,
  };
}
