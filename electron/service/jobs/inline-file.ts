import { invalidRequest } from '../../../shared/api/api-error';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Decodes an inline file field (`model_base64`, `image_base64`). Accepts plain base64, base64url
 * and a `data:...;base64,` URI; rejects anything else instead of silently dropping characters
 * the way Buffer.from does.
 */
export function decodeInlineFile(field: string, value: string, maxBytes: number, urlField: string): Uint8Array {
  let text = value.trim();
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  if (comma >= 0) text = text.slice(comma + 1);
  text = text.replace(/\s+/g, '');
  if (text.length === 0) throw invalidRequest(`${field}: is empty`);
  if (!BASE64.test(text)) throw invalidRequest(`${field}: is not valid base64`);
  const decodedBytes = Math.floor((text.length * 3) / 4);
  if (decodedBytes > maxBytes + 2) {
    throw invalidRequest(
      `${field}: the file is about ${(decodedBytes / 1024 / 1024).toFixed(1)} MB; inline files are limited to ${maxBytes / 1024 / 1024} MB. Serve the file over HTTP and send ${urlField} instead.`,
    );
  }
  const data = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  if (data.length > maxBytes) throw invalidRequest(`${field}: the file is larger than ${maxBytes / 1024 / 1024} MB; send ${urlField} instead.`);
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}
