import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a printed studio link can be opened. */
export const STUDIO_LINK_TTL_MS = 10 * 60_000;

/**
 * One-time codes for the studio URL the terminal prints (`/#code=...`), so no API key ever sits in
 * a terminal log or a shell's scrollback. The studio trades the code for the session key once
 * (POST /studio/session); the code is dead after that first use or after STUDIO_LINK_TTL_MS,
 * whichever comes first. Codes live in this process only: a restart kills them with the key.
 */
export class StudioLinks {
  private codes = new Map<string, number>();

  constructor(
    private readonly studioKey: string,
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = STUDIO_LINK_TTL_MS,
  ) {}

  /** A new code (128 bits, URL-safe). */
  issue(): string {
    const code = randomBytes(16).toString('base64url');
    this.codes.set(code, this.clock() + this.ttlMs);
    return code;
  }

  /** The studio key for a live code (which dies now), else null. */
  redeem(code: string): string | null {
    const now = this.clock();
    for (const [known, expires] of this.codes) {
      if (expires <= now) this.codes.delete(known);
      else if (known.length === code.length && timingSafeEqual(Buffer.from(known), Buffer.from(code))) {
        this.codes.delete(known);
        return this.studioKey;
      }
    }
    return null;
  }
}
