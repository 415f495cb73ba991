/**
 * Files served from a map on a loopback port, as the host of a user's clips would serve them
 * (animation_url tests): a known path answers 200 with its bytes, any other 404.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FileServer {
  /** `http://127.0.0.1:PORT`; a file is at base + its key. */
  base: string;
  close(): void;
}

export async function serveFiles(files: ReadonlyMap<string, Uint8Array>, contentType = 'model/gltf-binary'): Promise<FileServer> {
  const server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': contentType }).end(body ? Buffer.from(body) : undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
