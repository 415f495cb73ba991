/**
 * The skinned bipeds of `eval:rig-games` (Debian's `redeclipse-data` and `cube2-data`, read from the user's
 * install): each one's IQM file under `usr/share/games` and its artist's joint for each semantic role it has
 * (eval:rig's roles; each artist names them differently, so the table is by hand).
 */

/** Central roles plus each side's (the artists' `.L` is the character's left). */
function sided(central: Record<string, string>, side: (s: 'L' | 'R') => Record<string, string>): Record<string, string> {
  const out = { ...central };
  for (const [s, name] of [['L', 'left'], ['R', 'right']] as const) for (const [role, joint] of Object.entries(side(s))) out[`${name}_${role}`] = joint;
  return out;
}

/** Red Eclipse's two players share one skeleton (twist bones `.01` / `.02`: the `.01` is the joint). */
const RED_ECLIPSE_ROLES = sided({ hips: 'hips', spine: 'spine', neck: 'neck', head: 'head' }, (s) => ({ upper_arm: `upper_arm.${s}.01`, lower_arm: `forearm.${s}.01`, hand: `hand.${s}`, upper_leg: `thigh.${s}.01`, lower_leg: `shin.${s}.01`, foot: `foot.${s}` }));

export const GAME_MODELS: { name: string; file: string; roles: Record<string, string> }[] = [
  { name: 'redeclipse-male', file: 'redeclipse/data/actors/player/male/RE_Player_male.iqm', roles: RED_ECLIPSE_ROLES },
  { name: 'redeclipse-female', file: 'redeclipse/data/actors/player/female/RE_Player_female.iqm', roles: RED_ECLIPSE_ROLES },
  { name: 'cube2-frankie', file: 'cube2/packages/models/frankie/Frankie.iqm', roles: sided({ hips: 'CTRL_Pelvis', spine: 'CTRL_Spin.M', head: 'CTRL_Head' }, (s) => ({ upper_arm: `CTRL_FK_Humerus.${s}`, lower_arm: `CTRL_FK_Forearm.${s}`, hand: `CTRL_FK_Hand.${s}`, upper_leg: `CTRL_FK_Femur.${s}`, lower_leg: `CTRL_FK_Shin.${s}`, foot: `CTRL_FK_Foot.${s}` })) },
  { name: 'cube2-snoutx10k', file: 'cube2/packages/models/snoutx10k/snoutx10k.iqm', roles: sided({ hips: 'Hips', spine: 'Spine1', neck: 'Neck', head: 'Head' }, (s) => ({ upper_arm: `UpperArm.${s}`, lower_arm: `LowerArm.${s}`, hand: `HandGoal.${s}`, upper_leg: `Thigh.${s}`, lower_leg: `Shin.${s}`, foot: `UpperFoot.${s}` })) },
];
