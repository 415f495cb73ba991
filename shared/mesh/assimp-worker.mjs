// Worker thread that runs assimpjs (WebAssembly) so a hostile file that makes assimp loop or
// abort can be killed by the parent (see read-assimp.ts). Plain JS so it loads without a TS
// loader in any host (Node, vitest, Electron's utility process).
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ajsPromise = require('assimpjs')();

parentPort.on('message', async (msg) => {
  let ajs;
  try {
    ajs = await ajsPromise;
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: `assimp failed to load: ${err && err.message}` });
    return;
  }
  try {
    const list = new ajs.FileList();
    for (const f of msg.files) list.AddFile(f.name, f.data);
    const result = ajs.ConvertFileList(list, 'glb2');
    if (!result.IsSuccess() || result.FileCount() === 0) {
      parentPort.postMessage({ id: msg.id, ok: false, error: `assimp could not import the file (${result.GetErrorCode()})` });
      return;
    }
    const content = result.GetFile(0).GetContent();
    const glb = new Uint8Array(content); // copy out of the WASM heap
    parentPort.postMessage({ id: msg.id, ok: true, glb }, [glb.buffer]);
  } catch (err) {
    // An abort leaves the module unusable: ask the parent to replace this worker.
    parentPort.postMessage({ id: msg.id, ok: false, fatal: true, error: `assimp crashed (${err && err.message})` });
  }
});
