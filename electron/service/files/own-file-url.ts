/**
 * A URL of this service's own `/files/{token}/{name}` (a clip's `url` from GET /v1/animations, an
 * earlier job's output) is read from the blob store instead of fetched over HTTP: the 256-bit token
 * is the capability, whatever host name the caller wrote, and loopback URLs stay refused for
 * everything else (url-policy.ts).
 */
import type { Store } from '../context';
import type { FileRow } from '../store/files-repo';

const OWN_FILE_PATH = /^\/files\/([A-Za-z0-9_-]{32,})\/[^/]+$/;

export async function ownFileForUrl(store: Store, raw: string): Promise<FileRow | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const m = OWN_FILE_PATH.exec(url.pathname);
  return m ? ((await store.files.get(m[1])) ?? null) : null;
}
