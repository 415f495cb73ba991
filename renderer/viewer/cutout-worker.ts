/// <reference lib="webworker" />
/** Decodes an image and cuts out its background off the UI thread. */
import { cutout } from './cutout';

export interface CutoutRequest {
  blob: Blob;
  maxSide: number;
}
export type CutoutResponse =
  | { ok: true; bitmap: ImageBitmap; coverage: number; width: number; height: number }
  | { ok: false; error: string };

self.onmessage = async (event: MessageEvent<CutoutRequest>) => {
  try {
    const source = await createImageBitmap(event.data.blob);
    const scale = Math.min(1, event.data.maxSide / Math.max(source.width, source.height));
    const width = Math.max(1, Math.round(source.width * scale));
    const height = Math.max(1, Math.round(source.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('cutout-worker: no 2D context');
    ctx.drawImage(source, 0, 0, width, height);
    const img = ctx.getImageData(0, 0, width, height);
    const result = cutout(img.data, width, height);
    ctx.putImageData(new ImageData(new Uint8ClampedArray(result.rgba), width, height), 0, 0);
    const bitmap = canvas.transferToImageBitmap();
    const response: CutoutResponse = { ok: true, bitmap, coverage: result.coverage, width, height };
    (self as unknown as Worker).postMessage(response, [bitmap]);
  } catch (err) {
    const response: CutoutResponse = { ok: false, error: `The image could not be read: ${err instanceof Error ? err.message : String(err)}` };
    (self as unknown as Worker).postMessage(response);
  }
};
