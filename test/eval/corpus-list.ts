/**
 * Every rigged character of the corpus that `eval:rig` measures, with the body plan a user would pick and
 * the half of the split it belongs to. Rules are tuned on `tune` and must not lose on `holdout`
 * (issue 13: a change that helps the tuning half and hurts the other is rejected).
 *
 * The split was fixed before any tuning on the new characters and keeps every class on both sides where
 * the corpus has two: KayKit adventurers, Mesh2Motion bipeds and creatures, Quaternius realistic and
 * stylised bipeds, Kenney chibis (alternate files). Classes with one member (the long dress, the arms-down
 * KayKit character, the rigid-part robot, the Z-posed eagle) are each on one side only.
 *
 * Mesh2Motion's clip libraries (`animations/mesh2motion/*-animations.glb`) each carry a rigged preview mesh
 * with the artist's skeleton; three of them bring body plans no other corpus file has, and are measured
 * here (added in session 8, before any tuning on them). The spider (octopod, 56 joints) is the corpus's only
 * multi-legged body and goes to `tune`: the multileg fit has the most rules, and no other real body shows
 * how they fail. The snake (serpentine, 28 joints) goes to `holdout`: its fit has few rules, which are
 * tuned on the synthetic snake, and the real one reports them. The four-legged winged dragon takes `avian`
 * (what a user picks for a winged body, as for the Quaternius Dragon; precheck scores it no better as a
 * quadruped: 0 against avian 0.2) and goes to `holdout`, so that avian has two characters on each side.
 */
import type { RigType } from '../../shared/rig/types';

export type Split = 'tune' | 'holdout';
/**
 * `rotationY`: the rotation_y a user passes (spec 4.1 rule 3) for a model that does not face +Z, and that the
 * pre-check suggests. The Quaternius Eagle faces -Z: its round head is at -Z, its flat tail fan at +Z and its
 * legs hang behind its wings' roots (artist's leg joints z 123-134, wing roots z 80, in file units); rigged
 * unturned, its Head was fitted to the artist's tail bones.
 */
export interface CorpusCharacter { file: string; plan: RigType; split: Split; rotationY?: number }

const kenney = ['female-a', 'female-b', 'female-c', 'female-d', 'female-e', 'female-f', 'male-a', 'male-b', 'male-c', 'male-d', 'male-e', 'male-f'];

export const CORPUS_CHARACTERS: CorpusCharacter[] = [
  { file: 'characters/kaykit/Knight.glb', plan: 'biped', split: 'tune' },
  { file: 'characters/kaykit/Mage.glb', plan: 'biped', split: 'tune' },
  { file: 'characters/kaykit/Barbarian.glb', plan: 'biped', split: 'holdout' },
  { file: 'characters/mesh2motion/rigged/human-male.glb', plan: 'biped', split: 'tune' },
  { file: 'characters/mesh2motion/rigged/kaiju-base.glb', plan: 'biped', split: 'holdout' },
  { file: 'characters/mesh2motion/rigged/fox-fox.glb', plan: 'quadruped', split: 'tune' },
  { file: 'characters/mesh2motion/rigged/fox-horse.glb', plan: 'quadruped', split: 'holdout' },
  { file: 'characters/mesh2motion/rigged/bird-base.glb', plan: 'avian', split: 'tune' },
  { file: 'characters/mesh2motion/rigged/fish-shark.glb', plan: 'aquatic', split: 'holdout' },
  { file: 'characters/quaternius/Female_Dress.fbx', plan: 'biped', split: 'tune' },
  { file: 'characters/quaternius/Animated_Woman.fbx', plan: 'biped', split: 'holdout' },
  { file: 'characters/quaternius/Zombie.fbx', plan: 'biped', split: 'holdout' },
  { file: 'characters/quaternius/Alien.fbx', plan: 'biped', split: 'tune' },
  { file: 'characters/quaternius/Goblin.fbx', plan: 'biped', split: 'holdout' },
  { file: 'characters/quaternius/Banana.fbx', plan: 'biped', split: 'tune' },
  { file: 'characters/quaternius/Robot.fbx', plan: 'biped', split: 'holdout' },
  { file: 'characters/quaternius/Dragon.fbx', plan: 'avian', split: 'tune' },
  { file: 'characters/quaternius/Eagle.fbx', plan: 'avian', split: 'holdout', rotationY: 180 },
  { file: 'characters/quaternius/Pig.fbx', plan: 'quadruped', split: 'tune' },
  { file: 'characters/quaternius/Slime.fbx', plan: 'others', split: 'holdout' },
  { file: 'characters/kaykit-animated-character/KayKit_AnimatedCharacter_v1.2.glb', plan: 'biped', split: 'tune' },
  { file: 'animations/mesh2motion/spider-animations.glb', plan: 'octopod', split: 'tune' },
  { file: 'animations/mesh2motion/snake-animations.glb', plan: 'serpentine', split: 'holdout' },
  { file: 'animations/mesh2motion/dragon-animations.glb', plan: 'avian', split: 'holdout' },
  ...kenney.map((k, i): CorpusCharacter => ({ file: `characters/kenney-mini-characters/character-${k}.glb`, plan: 'biped', split: i % 2 === 0 ? 'tune' : 'holdout' })),
];
