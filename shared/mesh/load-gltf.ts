/**
 * loadGltfDocument: GLB or glTF bytes into a glTF-Transform Document, with every external
 * buffer and image fetched through the caller's resolver (never from disk or network here).
 *
 * Notes: NodeIO.readBinary/read would resolve relative URIs against the working directory,
 * which lets a hostile file read any local file; so the container is parsed here, the JSON is
 * checked (probe-gltf), resources are gathered through `resolveResource`, and only then is
 * `io.readJSON` (which never touches disk) asked to build the Document.
 */
import { NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { MeshFormatError, asMeshFormatError } from './errors';
import { checkGltfJson, parseGlbContainer, parseGltfJsonText, type GltfJson } from './probe-gltf';

export type ResourceResolver = (uri: string) => Uint8Array | null | Promise<Uint8Array | null>;

const P = 'read-gltf';
let ioPromise: Promise<NodeIO> | null = null;

function getIO(): Promise<NodeIO> {
  ioPromise ??= (async () => {
    await MeshoptDecoder.ready;
    return new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder })
      .setLogger({ debug() {}, info() {}, warn() {}, error() {} } as never);
  })();
  return ioPromise;
}

/** Asks the resolver for `uri`, then for its decoded form, then for its base name. */
export async function resolveUri(uri: string, resolve: ResourceResolver | undefined): Promise<Uint8Array | null> {
  if (!resolve) return null;
  const tries = new Set<string>([uri]);
  try {
    tries.add(decodeURIComponent(uri));
  } catch {
    /* not percent-encoded */
  }
  for (const t of [...tries]) tries.add(t.split(/[\\/]/).pop() ?? t);
  for (const t of tries) {
    const got = await resolve(t);
    if (got) return got;
  }
  return null;
}

export interface LoadedGltf {
  doc: Document;
  json: GltfJson;
}

export async function loadGltfDocument(
  data: Uint8Array,
  format: 'glb' | 'gltf',
  resolve: ResourceResolver | undefined,
  warnings: string[],
): Promise<LoadedGltf> {
  let json: GltfJson;
  const resources: Record<string, Uint8Array> = {};
  if (format === 'glb') {
    const c = parseGlbContainer(data);
    json = c.json;
    if (c.bin) resources['@glb.bin'] = c.bin;
  } else {
    json = parseGltfJsonText(data);
  }
  const resolved = new Map<string, Uint8Array>();
  for (const b of json.buffers ?? []) {
    if (typeof b?.uri !== 'string' || b.uri.startsWith('data:')) continue;
    const got = await resolveUri(b.uri, resolve);
    if (!got) throw new MeshFormatError(`${P}: external buffer "${b.uri}" was not supplied with the file`);
    resolved.set(b.uri, got);
    resources[b.uri] = got;
  }
  checkGltfJson(json, resources['@glb.bin'] ?? null, resolved);
  for (const im of json.images ?? []) {
    if (typeof im?.uri !== 'string' || im.uri.startsWith('data:')) continue;
    const got = await resolveUri(im.uri, resolve);
    if (got) resources[im.uri] = got;
    else {
      warnings.push(`texture image "${im.uri}" was not supplied with the file; the material keeps its colour only`);
      resources[im.uri] = new Uint8Array(0); // an empty image: readMaterials drops the texture
    }
  }
  try {
    const io = await getIO();
    const doc = await io.readJSON({ json: json as never, resources: resources as never });
    return { doc, json };
  } catch (err) {
    throw asMeshFormatError(P, err);
  }
}
