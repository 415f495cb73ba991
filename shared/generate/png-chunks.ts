/**
 * A walk over a PNG's chunk headers (length, type), reading 8 bytes per chunk: it finds a
 * truncated file (a chunk running past the end, or no IEND) that sharp's header read accepts,
 * so the service refuses it at submission instead of charging for a job that fails in decoding.
 */
import type { ByteSource } from '../mesh/byte-source';
import { ImageFormatError } from './errors';

const P = 'decode-image';
const SIGNATURE_BYTES = 8;

export function checkPngChunks(src: ByteSource): void {
  let at = SIGNATURE_BYTES;
  let idat = 0;
  let first = true;
  while (at + 8 <= src.size) {
    const head = src.read(at, 8);
    const length = new DataView(head.buffer, head.byteOffset, 8).getUint32(0); // big-endian, as PNG stores it
    const type = String.fromCharCode(...head.subarray(4, 8));
    if (first && type !== 'IHDR') throw new ImageFormatError(`${P}: PNG does not start with an IHDR chunk (found "${type}")`);
    first = false;
    const end = at + 12 + length; // length, type, data, CRC
    if (length > 0x7fffffff || end > src.size) {
      throw new ImageFormatError(`${P}: PNG is truncated: chunk ${type} at byte ${at} needs ${end} bytes, the file has ${src.size}`);
    }
    if (type === 'IDAT') idat++;
    if (type === 'IEND') {
      if (idat === 0) throw new ImageFormatError(`${P}: PNG has no image data (no IDAT chunk)`);
      return;
    }
    at = end;
  }
  throw new ImageFormatError(`${P}: PNG is truncated: the file ends at byte ${src.size} without an IEND chunk`);
}
