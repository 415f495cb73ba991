/**
 * Whether a request belongs to the /v1 API, decided on what the router understood rather than on
 * the raw request target: the router percent-decodes (`/%761/formats` is `/v1/formats`) and takes
 * absolute-form targets (`GET http://x/v1/formats`), so a prefix test on `request.url` can be
 * dodged by spelling the path differently.
 */

/** True for `/v1` and anything under `/v1/` (a matched route pattern or a normalised path). */
export function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

/**
 * The path a raw request target names, spelled the most generous way, for requests that matched no
 * route (a 404 under /v1 still authenticates and counts): origin of an absolute-form target dropped,
 * query cut, percent-escapes decoded until none is left (so a double escape cannot hide a letter),
 * backslashes and repeated slashes as one slash, `.` and `..` segments resolved, lower case.
 */
export function normalisedPath(target: string): string {
  let path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.split(/[?#]/, 1)[0];
  for (let round = 0; round < 5 && /%[0-9a-f]{2}/i.test(path); round++) {
    // Byte by byte: a malformed UTF-8 sequence must not make the decoding (and so the check) fail.
    path = path.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}
