/** Small valid model files made by our own code, for API tests that need a riggable input. */

/** A closed box as OBJ text (the simplest format every reader accepts). */
export function boxObj(size = 1): string {
  const h = size / 2;
  const v = [
    [-h, 0, -h], [h, 0, -h], [h, size, -h], [-h, size, -h],
    [-h, 0, h], [h, 0, h], [h, size, h], [-h, size, h],
  ];
  const f = [
    [1, 2, 3], [1, 3, 4], [5, 7, 6], [5, 8, 7], [1, 5, 6], [1, 6, 2],
    [2, 6, 7], [2, 7, 3], [3, 7, 8], [3, 8, 4], [4, 8, 5], [4, 5, 1],
  ];
  return [...v.map((p) => `v ${p.join(' ')}`), ...f.map((t) => `f ${t.join(' ')}`)].join('\n') + '\n';
}

export function boxObjBase64(): string {
  return Buffer.from(boxObj()).toString('base64');
}

/** An ASCII PLY header: recognised and refused. */
export const PLY_FILE = 'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n';
