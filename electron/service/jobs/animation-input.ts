/**
 * The clips of a rig request, fetched at submission into the blob store (so the job never depends on
 * the remote server later): each `animation_url` is a clip id from GET /v1/animations or an http(s) URL
 * of a GLB/FBX; a `#name` fragment picks one clip from a file holding several (default: the first).
 */
import { invalidRequest } from '../../../shared/api/api-error';
import type { Store } from '../context';
import { clipFileById } from '../catalog/store-clips';
import { ownFileForUrl } from '../files/own-file-url';
import { uploadForUrl } from '../files/uploads';
import { downloadUrl, type UrlOptions } from './job-input';
import type { AnimationClipParam } from '../../workers/operations/retarget-clips';

export async function resolveAnimationClips(store: Store, accountId: string, single: boolean, urls: string[], options: UrlOptions): Promise<AnimationClipParam[]> {
  const out: AnimationClipParam[] = [];
  for (const [i, raw] of urls.entries()) {
    const field = single && i === 0 ? 'animation_url' : `animation_urls[${single ? i - 1 : i}]`;
    const catalog = /^[\w.-]+(\/[\w.-]+)?$/.test(raw) ? await clipFileById(store, raw) : null;
    if (catalog) {
      out.push({ field, sha256: catalog.sha256, filename: catalog.filename, clip_name: null });
      continue;
    }
    if (!/^https?:\/\//i.test(raw)) throw invalidRequest(`${field}: '${raw.slice(0, 100)}' is neither a clip id from GET /v1/animations nor an http(s) URL.`);
    const hash = raw.indexOf('#');
    const clipName = hash >= 0 ? decodeURIComponent(raw.slice(hash + 1)) || null : null;
    const url = hash >= 0 ? raw.slice(0, hash) : raw;
    const upload = await uploadForUrl(store, accountId, field, url, (options.clock ?? Date.now)());
    if (upload) {
      out.push({ field, sha256: upload.sha256, filename: upload.filename, clip_name: clipName });
      continue;
    }
    const own = await ownFileForUrl(store, url);
    if (own) {
      out.push({ field, sha256: own.sha256, filename: own.filename, clip_name: clipName });
      continue;
    }
    const fetched = await downloadUrl(store, accountId, field, url, options);
    out.push({ field, sha256: fetched.blob.commit(), filename: fetched.filename, clip_name: clipName });
  }
  return out;
}
