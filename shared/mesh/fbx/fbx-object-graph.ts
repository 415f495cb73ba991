/**
 * The FBX object graph: objects with deterministic ids, the OO/OP connections between them,
 * and the document sections around them (header, GlobalSettings with axes and units,
 * Definitions counted from the objects, Takes).
 *
 * Axes and units: Rigdesk's model is Y up, metres, facing +Z. GlobalSettings says exactly that
 * (UpAxis Y, FrontAxis Z, CoordAxis X, all positive) with UnitScaleFactor 100 (one file unit is
 * 100 cm), the same declaration Blender writes for a metre scene, so Blender, Unity and Unreal
 * convert the file to their own axes and units and the model lands upright at its true size.
 */
import { C, D, FBX_CREATION_TIME, FBX_FILE_ID, FBX_VERSION, I, L, P, R, S, fbxName, rec, type FbxRecord } from './fbx-binary-encoder';

/** FBX time unit: ticks per second. */
export const FBX_TICKS_PER_SECOND = 46186158000;

export function fbxTime(seconds: number): bigint {
  return BigInt(Math.round(seconds * FBX_TICKS_PER_SECOND));
}

export class FbxObjectGraph {
  readonly objects: FbxRecord[] = [];
  readonly connections: FbxRecord[] = [];
  private readonly counts = new Map<string, number>();
  private next = 1_000_000n;

  /** Adds an object record `type: id, "name\0\x01class", subclass` and returns its id. */
  add(type: string, name: string, cls: string, subclass: string, children: FbxRecord[]): bigint {
    const id = this.next++;
    this.objects.push(rec(type, [L(id), S(fbxName(name, cls)), S(subclass)], children));
    this.counts.set(type, (this.counts.get(type) ?? 0) + 1);
    return id;
  }

  /** Object-to-object connection: `child` belongs to `parent` (0n = scene root). */
  oo(child: bigint, parent: bigint): void {
    this.connections.push(rec('C', [S('OO'), L(child), L(parent)]));
  }

  /** Object-to-property connection (a curve node driving `Lcl Rotation`, a texture on `DiffuseColor`). */
  op(child: bigint, parent: bigint, property: string): void {
    this.connections.push(rec('C', [S('OP'), L(child), L(parent), S(property)]));
  }

  private definitions(): FbxRecord {
    const types = [['GlobalSettings', 1] as [string, number], ...[...this.counts.entries()]];
    const total = types.reduce((a, [, n]) => a + n, 0);
    return rec('Definitions', [], [
      rec('Version', [I(100)]),
      rec('Count', [I(total)]),
      ...types.map(([t, n]) => rec('ObjectType', [S(t)], [rec('Count', [I(n)])])),
    ]);
  }

  /** The whole document as top-level records, ready for encodeFbx. */
  document(opts: { creator: string; takes: { name: string; duration: number }[]; duration: number }): FbxRecord[] {
    const stop = fbxTime(Math.max(opts.duration, 1 / 30));
    const header = rec('FBXHeaderExtension', [], [
      rec('FBXHeaderVersion', [I(1003)]),
      rec('FBXVersion', [I(FBX_VERSION)]),
      rec('EncryptionType', [I(0)]),
      rec('CreationTimeStamp', [], [
        rec('Version', [I(1000)]), rec('Year', [I(1970)]), rec('Month', [I(1)]), rec('Day', [I(1)]),
        rec('Hour', [I(10)]), rec('Minute', [I(0)]), rec('Second', [I(0)]), rec('Millisecond', [I(0)]),
      ]),
      rec('Creator', [S(opts.creator)]),
    ]);
    const settings = rec('GlobalSettings', [], [
      rec('Version', [I(1000)]),
      rec('Properties70', [], [
        P('UpAxis', 'int', 'Integer', '', I(1)),
        P('UpAxisSign', 'int', 'Integer', '', I(1)),
        P('FrontAxis', 'int', 'Integer', '', I(2)),
        P('FrontAxisSign', 'int', 'Integer', '', I(1)),
        P('CoordAxis', 'int', 'Integer', '', I(0)),
        P('CoordAxisSign', 'int', 'Integer', '', I(1)),
        P('OriginalUpAxis', 'int', 'Integer', '', I(1)),
        P('OriginalUpAxisSign', 'int', 'Integer', '', I(1)),
        P('UnitScaleFactor', 'double', 'Number', '', D(100)),
        P('OriginalUnitScaleFactor', 'double', 'Number', '', D(100)),
        P('AmbientColor', 'ColorRGB', 'Color', '', D(0), D(0), D(0)),
        P('DefaultCamera', 'KString', '', '', S('Producer Perspective')),
        P('TimeMode', 'enum', '', '', I(6)),
        P('TimeProtocol', 'enum', '', '', I(2)),
        P('SnapOnFrameMode', 'enum', '', '', I(0)),
        P('TimeSpanStart', 'KTime', 'Time', '', L(0)),
        P('TimeSpanStop', 'KTime', 'Time', '', L(stop)),
        P('CustomFrameRate', 'double', 'Number', '', D(30)),
      ]),
    ]);
    const documents = rec('Documents', [], [
      rec('Count', [I(1)]),
      rec('Document', [L(999_999n), S('Scene'), S('Scene')], [
        rec('Properties70', [], [
          P('SourceObject', 'object', '', ''),
          P('ActiveAnimStackName', 'KString', '', '', S(opts.takes[0]?.name ?? '')),
        ]),
        rec('RootNode', [L(0)]),
      ]),
    ]);
    const takes = rec('Takes', [], [
      rec('Current', [S(opts.takes[0]?.name ?? '')]),
      ...opts.takes.map((t) =>
        rec('Take', [S(t.name)], [
          rec('FileName', [S(`${t.name.replace(/[^\w-]/g, '_')}.tak`)]),
          rec('LocalTime', [L(0), L(fbxTime(t.duration))]),
          rec('ReferenceTime', [L(0), L(fbxTime(t.duration))]),
        ]),
      ),
    ]);
    return [
      header,
      rec('FileId', [R(FBX_FILE_ID)]),
      rec('CreationTime', [S(FBX_CREATION_TIME)]),
      rec('Creator', [S(opts.creator)]),
      settings,
      documents,
      rec('References'),
      this.definitions(),
      rec('Objects', [], this.objects),
      rec('Connections', [], this.connections),
      takes,
    ];
  }
}

/** Common Model record children: version, TRS properties, and flags every reader expects. */
export function modelChildren(t: ArrayLike<number>, rDeg: ArrayLike<number>, s: ArrayLike<number>, extra: FbxRecord[] = []): FbxRecord[] {
  return [
    rec('Version', [I(232)]),
    rec('Properties70', [], [
      P('Lcl Translation', 'Lcl Translation', '', 'A', D(t[0]), D(t[1]), D(t[2])),
      P('Lcl Rotation', 'Lcl Rotation', '', 'A', D(rDeg[0]), D(rDeg[1]), D(rDeg[2])),
      P('Lcl Scaling', 'Lcl Scaling', '', 'A', D(s[0]), D(s[1]), D(s[2])),
      P('DefaultAttributeIndex', 'int', 'Integer', '', I(0)),
      P('InheritType', 'enum', '', '', I(1)),
      ...extra,
    ]),
    rec('MultiLayer', [I(0)]),
    rec('MultiTake', [I(0)]),
    rec('Shading', [C(true)]),
    rec('Culling', [S('CullingOff')]),
  ];
}
