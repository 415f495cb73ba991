/**
 * A bounds-checked reader of the binary FBX node tree (versions 7.x; 6.1 shares the layout).
 *
 * Used two ways: by the prober with `decodeArrays: false` (a quick walk that checks every length
 * against its enclosing record and sums what the zlib arrays claim, so zip bombs and lying lengths
 * are refused before assimp sees the file), and by tests with `decodeArrays: true` to read back
 * what the FBX writer produced.
 *
 * Notes: zlib cannot expand more than ~1032:1, so an array whose declared size exceeds that
 * ratio over its compressed length is a lie; that check needs no decompression at all.
 */
import { unzlibSync } from 'fflate';
import { MeshFormatError } from '../errors';
import { FBX_BINARY_MAGIC } from '../detect-format';
import { MAX_DECODED_BYTES } from '../limits';
import { memorySource, type ByteSource } from '../byte-source';

export type FbxArray = Float64Array | Float32Array | Int32Array | BigInt64Array | Uint8Array;
/** A property value; undecoded arrays and raw blobs are `{ arrayType, length }` placeholders. */
export type FbxProperty =
  | number
  | bigint
  | boolean
  | string
  | Uint8Array
  | FbxArray
  | { arrayType: string; length: number };

export interface FbxNode {
  name: string;
  props: FbxProperty[];
  children: FbxNode[];
}

export interface FbxDocument {
  version: number;
  nodes: FbxNode[];
  /** Sum of the bytes all arrays decode into. */
  declaredArrayBytes: number;
}

const P = 'read-fbx';
const ZLIB_MAX_RATIO = 1032;
const MAX_DEPTH = 64;
const ARRAY_ELEM: Record<string, number> = { f: 4, d: 8, l: 8, i: 4, b: 1 };
const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder();

export function fbxBinaryVersion(data: Uint8Array): number {
  if (data.length < 27) throw new MeshFormatError(`${P}: file of ${data.length} bytes is shorter than the FBX header`);
  if (latin1.decode(data.subarray(0, FBX_BINARY_MAGIC.length)) !== FBX_BINARY_MAGIC) {
    throw new MeshFormatError(`${P}: missing "${FBX_BINARY_MAGIC}" magic`);
  }
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(23, true);
}

/** Windowed reads over a ByteSource: the node walk touches record headers only, so it reads little of a large file. */
function windowedBytes(src: ByteSource): (at: number, n: number) => DataView {
  const WINDOW = 64 * 1024;
  let buf: Uint8Array = new Uint8Array(0);
  let base = 0;
  return (at, n) => {
    if (at < base || at + n > base + buf.length) {
      buf = src.read(at, Math.max(n, WINDOW));
      base = at;
    }
    return new DataView(buf.buffer, buf.byteOffset + (at - base), Math.min(n, buf.length - (at - base)));
  };
}

export function readFbxBinary(input: Uint8Array | ByteSource, options: { decodeArrays: boolean }): FbxDocument {
  const src = input instanceof Uint8Array ? memorySource(input) : input;
  const version = fbxBinaryVersion(src.read(0, 27));
  if (version < 6100 || version > 7700) throw new MeshFormatError(`${P}: unsupported FBX version ${version}`);
  const at = windowedBytes(src);
  const bytesAt = (p: number, n: number): Uint8Array => {
    const v = at(p, n);
    return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  };
  const wide = version >= 7500;
  const hdr = wide ? 25 : 13;
  let declared = 0;

  const u = (pos: number): number => {
    if (!wide) return at(pos, 4).getUint32(0, true);
    const v = at(pos, 8).getBigUint64(0, true);
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new MeshFormatError(`${P}: impossible length at byte ${pos}`);
    return Number(v);
  };

  const readProps = (start: number, end: number, count: number): FbxProperty[] => {
    const props: FbxProperty[] = [];
    let p = start;
    const need = (n: number, what: string) => {
      if (p + n > end) throw new MeshFormatError(`${P}: ${what} at byte ${p} runs past its record (ends at ${end})`);
    };
    for (let k = 0; k < count; k++) {
      need(1, 'property type');
      const t = String.fromCharCode(at(p++, 1).getUint8(0));
      switch (t) {
        case 'Y': need(2, 'int16'); props.push(at(p, 2).getInt16(0, true)); p += 2; break;
        case 'C': need(1, 'bool'); props.push(at(p, 1).getUint8(0) !== 0); p += 1; break;
        case 'I': need(4, 'int32'); props.push(at(p, 4).getInt32(0, true)); p += 4; break;
        case 'F': need(4, 'float'); props.push(at(p, 4).getFloat32(0, true)); p += 4; break;
        case 'D': need(8, 'double'); props.push(at(p, 8).getFloat64(0, true)); p += 8; break;
        case 'L': need(8, 'int64'); props.push(at(p, 8).getBigInt64(0, true)); p += 8; break;
        case 'S':
        case 'R': {
          need(4, 'string length');
          const len = at(p, 4).getUint32(0, true);
          p += 4;
          need(len, 'string');
          // Raw blobs (embedded textures) are not read by the quick walk, only their length.
          if (t === 'S') props.push(utf8.decode(bytesAt(p, len)));
          else props.push(options.decodeArrays ? bytesAt(p, len).slice() : { arrayType: 'R', length: len });
          p += len;
          break;
        }
        case 'f': case 'd': case 'l': case 'i': case 'b': {
          need(12, 'array header');
          const head = at(p, 12);
          const length = head.getUint32(0, true);
          const encoding = head.getUint32(4, true);
          const clen = head.getUint32(8, true);
          p += 12;
          need(clen, 'array data');
          const bytes = length * ARRAY_ELEM[t];
          if (encoding === 0) {
            if (clen !== bytes) throw new MeshFormatError(`${P}: array of ${length} '${t}' at byte ${p} holds ${clen} bytes, expected ${bytes}`);
          } else if (encoding === 1) {
            if (bytes > clen * ZLIB_MAX_RATIO + 64) {
              throw new MeshFormatError(`${P}: compressed array at byte ${p} claims ${bytes} bytes from ${clen} (more than zlib can expand: a zip bomb or corrupt length)`);
            }
          } else throw new MeshFormatError(`${P}: unknown array encoding ${encoding} at byte ${p}`);
          declared += bytes;
          if (declared > MAX_DECODED_BYTES) throw new MeshFormatError(`${P}: arrays decode into more than ${MAX_DECODED_BYTES} bytes`);
          props.push(options.decodeArrays ? decodeArray(t, length, encoding, bytesAt(p, clen), p) : { arrayType: t, length });
          p += clen;
          break;
        }
        default:
          throw new MeshFormatError(`${P}: unknown property type 0x${t.charCodeAt(0).toString(16)} at byte ${p - 1}`);
      }
    }
    if (p !== end) throw new MeshFormatError(`${P}: property list ends at byte ${p}, its header says ${end}`);
    return props;
  };

  // Reads records from `pos` until a null record or `limit`; returns the nodes and where it stopped.
  const readList = (pos: number, limit: number, depth: number): [FbxNode[], number] => {
    if (depth > MAX_DEPTH) throw new MeshFormatError(`${P}: nodes nested deeper than ${MAX_DEPTH}`);
    const nodes: FbxNode[] = [];
    while (pos + hdr <= limit) {
      const end = u(pos);
      const numProps = u(pos + (wide ? 8 : 4));
      const propLen = u(pos + (wide ? 16 : 8));
      const nameLen = at(pos + hdr - 1, 1).getUint8(0);
      if (end === 0) {
        if (numProps !== 0 || propLen !== 0 || nameLen !== 0) throw new MeshFormatError(`${P}: malformed null record at byte ${pos}`);
        return [nodes, pos + hdr];
      }
      if (end > limit) throw new MeshFormatError(`${P}: node record at byte ${pos} ends at ${end}, past its parent or the file (${limit}); truncated?`);
      const nameAt = pos + hdr;
      const propsAt = nameAt + nameLen;
      const propsEnd = propsAt + propLen;
      if (end <= pos || propsEnd > end) throw new MeshFormatError(`${P}: inconsistent node record lengths at byte ${pos}`);
      if (numProps > propLen) throw new MeshFormatError(`${P}: node at byte ${pos} claims ${numProps} properties in ${propLen} bytes`);
      const name = latin1.decode(bytesAt(nameAt, nameLen));
      const props = readProps(propsAt, propsEnd, numProps);
      let children: FbxNode[] = [];
      if (propsEnd < end) {
        const [kids, stop] = readList(propsEnd, end, depth + 1);
        if (stop !== end) throw new MeshFormatError(`${P}: children of "${name}" end at byte ${stop}, the record says ${end}`);
        children = kids;
      }
      nodes.push({ name, props, children });
      pos = end;
    }
    return [nodes, pos];
  };

  const [nodes] = readList(27, src.size, 0);
  if (nodes.length === 0) throw new MeshFormatError(`${P}: no nodes after the header`);
  return { version, nodes, declaredArrayBytes: declared };
}

function decodeArray(t: string, length: number, encoding: number, raw: Uint8Array, at: number): FbxArray {
  const bytes = length * ARRAY_ELEM[t];
  let plain: Uint8Array;
  if (encoding === 1) {
    try {
      plain = unzlibSync(raw, { out: new Uint8Array(bytes + 1) }); // one spare byte reveals a lying length
    } catch (err) {
      throw new MeshFormatError(`${P}: compressed array at byte ${at} does not inflate (${(err as Error).message})`);
    }
    if (plain.length !== bytes) throw new MeshFormatError(`${P}: compressed array at byte ${at} inflates to ${plain.length} bytes, expected ${bytes}`);
  } else plain = raw;
  const copy = new Uint8Array(plain.subarray(0, bytes)).buffer; // own buffer, even for a Node Buffer view
  switch (t) {
    case 'f': return new Float32Array(copy);
    case 'd': return new Float64Array(copy);
    case 'l': return new BigInt64Array(copy);
    case 'i': return new Int32Array(copy);
    default: return new Uint8Array(copy);
  }
}

/** First child named `name`, or undefined. */
export function fbxChild(node: { children: FbxNode[] }, name: string): FbxNode | undefined {
  return node.children.find((c) => c.name === name);
}
