/**
 * The PostgreSQL connection pool of server mode. `pg` is imported dynamically by callers that need
 * server mode, so the desktop app never loads it.
 *
 * Times are milliseconds since the epoch in `bigint` columns and `COUNT(*)` is `bigint`: pg returns
 * int8 as a string by default (it may exceed 2^53); ours never do, so they are parsed to numbers, and a
 * value that would lose precision is an error rather than a silent rounding.
 */
import type { Pool, PoolClient, PoolConfig } from 'pg';

const INT8_OID = 20;

/** Refuses anything but a postgresql:// (or postgres://) URL with a host, with a message naming the flag. */
export function parseDatabaseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`database: '${url}' is not a URL; expected postgresql://USER@HOST[:PORT]/DATABASE`);
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') {
    throw new Error(`database: '${redactPassword(parsed)}' is not a postgresql:// URL; expected postgresql://USER@HOST[:PORT]/DATABASE`);
  }
  if (!parsed.hostname && !parsed.searchParams.get('host')) throw new Error(`database: '${redactPassword(parsed)}' names no host`);
  if (parsed.pathname.length <= 1) throw new Error(`database: '${redactPassword(parsed)}' names no database (…/DATABASE at the end)`);
  return parsed;
}

/** The URL for messages and logs: a password never leaves the process. */
export function redactPassword(url: URL): string {
  if (!url.password) return url.href;
  const copy = new URL(url.href);
  copy.password = '***';
  return copy.href;
}

export async function openPostgresPool(url: string, config: Omit<PoolConfig, 'connectionString' | 'types'> = {}): Promise<Pool> {
  parseDatabaseUrl(url);
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...config,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose server connection drops emits 'error' on the pool; unhandled, that would end the process.
  pool.on('error', (err) => console.error(`database: an idle connection failed (${err.message}); it is replaced on next use`));
  return pool;
}

function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`database: the integer ${text} does not fit a JavaScript number`);
  return n;
}

/** Runs `fn` in one transaction on a client of `pool`: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: Pool, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const result = await fn(c);
    await c.query('COMMIT');
    return result;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

/**
 * Waits until no client of `pool` is checked out or awaited for `quietMs` in a row (at most `maxMs`).
 * Closing an HTTP server does not wait for handlers whose client already hung up (wrk at the end of a
 * run, a load balancer's timeout): ending the pool under them logged "Cannot use a pool after calling
 * end" for each. Called between closing the server and ending the pool.
 */
export async function untilQuiet(pool: Pool, quietMs = 200, maxMs = 5_000): Promise<void> {
  const end = Date.now() + maxMs;
  let quietSince = Date.now();
  while (Date.now() < end) {
    const busy = pool.waitingCount > 0 || pool.totalCount > pool.idleCount;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
