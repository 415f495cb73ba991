import { describe, expect, it } from 'vitest';
import { roleOffsets } from './role-bias';

/** The numbers of one table line after the group and role: n, |d|, out/x, up, forward. */
function line(table: string[], group: string, role: string): number[] {
  const row = table.find((l) => l.startsWith(group.padEnd(14)) && l.includes(` ${role} `));
  if (!row) throw new Error(`no line for ${group} ${role}`);
  return row.slice(14).trim().split(/\s+/).slice(1).map(Number);
}

describe('roleOffsets', () => {
  it('reads offsets in the rigged frame: a model facing -Z rigged at 180 has its forward at -Z and its left at -X', () => {
    const t = roleOffsets();
    // Our left hand 0.02 H further out (towards -X) and 0.01 H forward (towards -Z) than the artist's, 0.03 H up.
    t.add('set fast', 'left_hand', [-0.22, 0.53, -0.01], [-0.20, 0.50, 0], 1, 180);
    // The right hand 0.02 H further in (towards -X from +0.20), nothing else.
    t.add('set fast', 'right_hand', [0.18, 0.5, 0], [0.2, 0.5, 0], 1, 180);
    const table = t.table();
    const [n, dist, out, up, fwd] = line(table, 'set fast', 'left_hand');
    expect(n).toBe(1);
    expect(dist).toBeCloseTo(100 * Math.hypot(0.02, 0.03, 0.01), 1);
    expect(out).toBeCloseTo(2, 1);
    expect(up).toBeCloseTo(3, 1);
    expect(fwd).toBeCloseTo(1, 1);
    expect(line(table, 'set fast', 'right_hand')[2]).toBeCloseTo(-2, 1);
  });

  it('averages over characters per group and keeps the groups apart', () => {
    const t = roleOffsets();
    t.add('a', 'hips', [0, 0.46, 0], [0, 0.5, 0], 1, 0);
    t.add('a', 'hips', [0, 0.52, 0], [0, 0.5, 0], 1, 0);
    t.add('b', 'hips', [0.1, 1, 0], [0, 1, 0], 2, 90);
    const table = t.table();
    expect(line(table, 'a', 'hips').slice(0, 4)).toEqual([2, 3, 0, -1]);
    // Rigged at 90, an offset along the file's +X is one along the rigged frame's -Z (x' = x cos + z sin, z' = -x sin + z cos).
    const [, , x, , fwd] = line(table, 'b', 'hips');
    expect(x).toBeCloseTo(0, 2);
    expect(fwd).toBeCloseTo(-5, 1);
  });
});
