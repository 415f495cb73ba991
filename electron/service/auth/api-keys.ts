import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX } from '../../../shared/api/constants';

/** Keys are `rk_live_` + 43 URL-safe characters (256 random bits). Only a hash is stored. */
export const API_KEY_PATTERN = /^rk_live_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): { key: string; id: string; prefix: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, id: `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`, prefix: key.slice(0, 12), hash: hashApiKey(key) };
}

/** SHA-256 is enough: keys carry 256 bits of entropy, so no dictionary attack applies. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
