/**
 * Base64 of a file or bytes for `model_base64` / `image_base64`. FileReader encodes natively
 * and asynchronously, so a 10 MB mesh does not block the UI thread (a JS loop would, ~100 ms+).
 */
export function toBase64(data: Blob | Uint8Array): Promise<string> {
  const blob = data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>]);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new Error(`encode: could not read the file: ${reader.error?.message ?? 'unknown error'}`));
    reader.readAsDataURL(blob);
  });
}

/** The service's practical inline ceiling (spec part 8), checked before uploading. */
export const INLINE_LIMIT_BYTES = 10 * 1024 * 1024;
