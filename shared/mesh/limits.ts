/**
 * Size limits of the mesh-formats layer. Readers refuse input beyond them with a MeshLimitError
 * (or a MeshFormatError when a header claims more than the file could hold).
 *
 * MAX_TRIANGLES is the service's face limit: 2,000,000 triangles is ~40x the densest corpus
 * character and still rigs within the engines' time budget on a decimated proxy.
 */
export const MAX_TRIANGLES = 2_000_000;
/** Vertices after reading (a triangle soup of MAX_TRIANGLES has 3x as many). */
export const MAX_VERTICES = 3 * MAX_TRIANGLES;
/** Joints in one skeleton. */
export const MAX_JOINTS = 1024;
/** Sum of keyframes over all clips of one file. */
export const MAX_KEYFRAMES = 20_000_000;
/** Bytes a model file and its resources may decode into (FBX zlib arrays, data URIs). */
export const MAX_DECODED_BYTES = 512 * 1024 * 1024;
/** Bytes of one input file. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;
/** Wall-clock budget of one assimp conversion (run in a worker thread that is killed after it). */
export const ASSIMP_TIMEOUT_MS = 60_000;
/** glTF JSON (a GLB's JSON chunk or a .gltf file) the prober parses whole; buffers belong in a BIN chunk. */
export const MAX_GLTF_JSON_BYTES = 64 * 1024 * 1024;
