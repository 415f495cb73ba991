/**
 * Binary FBX 7.4 encoder: a tree of FbxRecord into bytes (header, node records, null-record
 * sentinels, footer).
 *
 * Why hand-written: there is no FBX writer in JavaScript (three.js, Babylon and glTF-Transform
 * only import FBX; the Autodesk SDK is C++). The layout follows the public reverse-engineered
 * description also used by Blender's io_scene_fbx (encode_bin.py): 13-byte record headers for
 * version < 7500, a 13-byte null record closing every nested list (and closing childless,
 * propertyless records unless last), arrays stored zlib-compressed when large.
 *
 * Determinism: the file id, creation time and footer id are fixed constants (the same values
 * Blender writes), and zlib output depends only on the bytes, so equal trees give equal files.
 */
import { zlibSync } from 'fflate';

/** A typed property value. Plain numbers must be wrapped so the type code is explicit. */
export type FbxValue =
  | { t: 'I'; v: number }
  | { t: 'D'; v: number }
  | { t: 'F'; v: number }
  | { t: 'L'; v: bigint }
  | { t: 'Y'; v: number }
  | { t: 'C'; v: boolean }
  | { t: 'S'; v: string }
  | { t: 'R'; v: Uint8Array }
  | Float64Array
  | Float32Array
  | Int32Array
  | BigInt64Array;

export interface FbxRecord {
  name: string;
  props: FbxValue[];
  children: FbxRecord[];
}

export const I = (v: number): FbxValue => ({ t: 'I', v });
export const D = (v: number): FbxValue => ({ t: 'D', v });
export const L = (v: bigint | number): FbxValue => ({ t: 'L', v: BigInt(v) });
export const S = (v: string): FbxValue => ({ t: 'S', v });
export const R = (v: Uint8Array): FbxValue => ({ t: 'R', v });
export const C = (v: boolean): FbxValue => ({ t: 'C', v });

export function rec(name: string, props: FbxValue[] = [], children: FbxRecord[] = []): FbxRecord {
  return { name, props, children };
}

export const FBX_VERSION = 7400;
const HEAD_MAGIC = Uint8Array.from([...'Kaydara FBX Binary  '].map((c) => c.charCodeAt(0)).concat([0, 0x1a, 0]));
export const FBX_FILE_ID = Uint8Array.from([0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1]);
export const FBX_CREATION_TIME = '1970-01-01 10:00:00:000';
const FOOT_ID = Uint8Array.from([0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e]);
const FOOT_MAGIC = Uint8Array.from([0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b]);
const SENTINEL = 13;
/**
 * Arrays from this size on are zlib-compressed. fflate costs ~0.25 ms per call whatever the size
 * (it sets up its window each time), so compressing the thousands of small animation arrays of
 * a clip library took 15 s for a KayKit character; small arrays also barely shrink.
 */
const COMPRESS_MIN_BYTES = 4096;
/** Records that need a closing null record even when they have properties but no children. */
const ALWAYS_SENTINEL = new Set(['AnimationStack', 'AnimationLayer']);

const utf8 = new TextEncoder();

/** Growable byte sink. */
class Sink {
  buf = new Uint8Array(1 << 16);
  len = 0;
  private dv = new DataView(this.buf.buffer);
  reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    this.dv = new DataView(next.buffer);
  }
  bytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }
  u8(v: number): void {
    this.reserve(1);
    this.buf[this.len++] = v;
  }
  u32(v: number): void {
    this.reserve(4);
    this.dv.setUint32(this.len, v, true);
    this.len += 4;
  }
  setU32(at: number, v: number): void {
    this.dv.setUint32(at, v, true);
  }
  scalar(t: 'I' | 'D' | 'F' | 'L' | 'Y', v: number | bigint): void {
    this.reserve(8);
    if (t === 'I') this.dv.setInt32(this.len, v as number, true), (this.len += 4);
    else if (t === 'D') this.dv.setFloat64(this.len, v as number, true), (this.len += 8);
    else if (t === 'F') this.dv.setFloat32(this.len, v as number, true), (this.len += 4);
    else if (t === 'Y') this.dv.setInt16(this.len, v as number, true), (this.len += 2);
    else this.dv.setBigInt64(this.len, v as bigint, true), (this.len += 8);
  }
  zeros(n: number): void {
    this.reserve(n);
    this.buf.fill(0, this.len, this.len + n);
    this.len += n;
  }
}

function arrayCode(a: Float64Array | Float32Array | Int32Array | BigInt64Array): string {
  if (a instanceof Float64Array) return 'd';
  if (a instanceof Float32Array) return 'f';
  if (a instanceof Int32Array) return 'i';
  return 'l';
}

function writeProp(s: Sink, p: FbxValue): void {
  if (ArrayBuffer.isView(p)) {
    s.u8(arrayCode(p).charCodeAt(0));
    // little-endian hosts only (all Rigdesk targets); the typed array bytes are the file bytes
    const raw = new Uint8Array(p.buffer, p.byteOffset, p.byteLength);
    s.u32(p.length);
    if (raw.length >= COMPRESS_MIN_BYTES) {
      const z = zlibSync(raw, { level: 6 });
      s.u32(1);
      s.u32(z.length);
      s.bytes(z);
    } else {
      s.u32(0);
      s.u32(raw.length);
      s.bytes(raw);
    }
    return;
  }
  s.u8(p.t.charCodeAt(0));
  switch (p.t) {
    case 'S':
    case 'R': {
      const b = p.t === 'S' ? utf8.encode(p.v) : p.v;
      s.u32(b.length);
      s.bytes(b);
      break;
    }
    case 'C':
      s.u8(p.v ? 1 : 0);
      break;
    default:
      s.scalar(p.t, p.v);
  }
}

function writeRecord(s: Sink, r: FbxRecord, isLast: boolean): void {
  const start = s.len;
  s.u32(0); // end offset, patched below
  s.u32(r.props.length);
  s.u32(0); // property bytes, patched below
  const name = utf8.encode(r.name);
  if (name.length > 255) throw new Error(`write-fbx: record name "${r.name.slice(0, 20)}..." is longer than 255 bytes`);
  s.u8(name.length);
  s.bytes(name);
  const propStart = s.len;
  for (const p of r.props) writeProp(s, p);
  s.setU32(start + 8, s.len - propStart);
  writeChildren(s, r, isLast);
  if (s.len > 0xffffffff) throw new Error('write-fbx: file larger than 4 GiB (FBX 7.4 offsets are 32-bit)');
  s.setU32(start, s.len);
}

function writeChildren(s: Sink, r: FbxRecord, isLast: boolean): void {
  if (r.children.length) {
    r.children.forEach((c, i) => writeRecord(s, c, i === r.children.length - 1));
    s.zeros(SENTINEL);
  } else if ((r.props.length === 0 || ALWAYS_SENTINEL.has(r.name)) && !isLast) {
    s.zeros(SENTINEL);
  }
}

/** Encodes top-level records into a complete binary FBX 7.4 file. */
export function encodeFbx(top: FbxRecord[]): Uint8Array {
  const s = new Sink();
  s.bytes(HEAD_MAGIC);
  s.u32(FBX_VERSION);
  writeChildren(s, rec('', [], top), false);
  s.bytes(FOOT_ID);
  s.zeros(4);
  const pad = ((s.len + 15) & ~15) - s.len;
  s.zeros(pad === 0 ? 16 : pad);
  s.u32(FBX_VERSION);
  s.zeros(120);
  s.bytes(FOOT_MAGIC);
  return s.buf.slice(0, s.len);
}

/** A Properties70 `P` record: name, type, label, flags, then values. */
export function P(name: string, type: string, label: string, flags: string, ...values: FbxValue[]): FbxRecord {
  return rec('P', [S(name), S(type), S(label), S(flags), ...values]);
}

/** `Name\x00\x01Class`: how binary FBX spells an object's `Class::Name`. */
export function fbxName(name: string, cls: string): string {
  return `${name}\x00\x01${cls}`;
}
