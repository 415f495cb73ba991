/**
 * A real PostgreSQL server for one test file: a fresh cluster in a temporary folder, listening on
 * 127.0.0.1 at a free port (and on a unix socket inside that folder), stopped and deleted by `stop()`.
 * Never a shared or system cluster, so tests cannot see each other's data or a developer's databases.
 *
 * Notes: postgres refuses to run as root, and CI runs as root: then initdb and pg_ctl run as the
 * `postgres` user Debian's package creates (via runuser), on a folder chowned to it. As any other
 * user they run directly. fsync is off: a test cluster need not survive a power cut, and syncing
 * costs seconds on a shared 2-core machine.
 *
 * @example
 *   const pg = await startThrowawayPostgres();
 *   const client = new pg.Client({ connectionString: pg.url }); // postgresql://rigdesk@127.0.0.1:PORT/rigdesk
 *   ...
 *   await pg.stop();
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PG_USER = 'rigdesk';
export const PG_DATABASE = 'rigdesk';

export interface ThrowawayPostgres {
  /** postgresql://rigdesk@127.0.0.1:PORT/rigdesk (trust authentication on loopback only). */
  url: string;
  port: number;
  /** The temporary folder holding the cluster (data/), its socket and its log. */
  dir: string;
  /** Creates another empty database in the cluster and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (immediate shutdown) and deletes the folder; safe to call twice. */
  stop(): Promise<void>;
}

/** The folder of initdb/pg_ctl: RIGDESK_PG_BIN, else the newest /usr/lib/postgresql/N/bin (Debian). */
export function postgresBinDir(): string {
  const override = process.env.RIGDESK_PG_BIN;
  if (override) {
    if (!existsSync(path.join(override, 'initdb'))) throw new Error(`throwaway-postgres: RIGDESK_PG_BIN=${override} has no initdb`);
    return override;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/initdb'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) {
    throw new Error('throwaway-postgres: no PostgreSQL server found under /usr/lib/postgresql; install it (apt-get install -y postgresql) or set RIGDESK_PG_BIN');
  }
  return path.join(root, versions[0], 'bin');
}

/** Starts a new cluster; the caller must `stop()` it (in afterAll). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rigdesk-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  // As root, every command runs as the postgres user, which must own the folder.
  const pgTool = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  if (asRoot) chownSync(dir, ...postgresIds());

  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await pgTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Text ordered by a language's rules (ICU en-US, PostgreSQL 15+), as in a studio's database made
    // with a language locale, so a query that needs byte order (SQLite's) and lacks COLLATE "C" fails here.
    await pgTool('initdb', ['-D', data, '-U', PG_USER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--locale-provider=icu', '--icu-locale=en-US', '--no-sync']);
    // A free port can be taken between asking and listening: try a few.
    let port = 0;
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
      try {
        await pgTool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
        started = true;
      } catch (err) {
        if (attempt >= 3) throw new Error(`throwaway-postgres: the server did not start: ${(err as Error).message}\n${serverLog(dir)}`);
      }
    }
    const base = `postgresql://${PG_USER}@127.0.0.1:${port}`;
    const createDatabase = async (name: string) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`throwaway-postgres: database name must be lower-case letters, digits and _, got '${name}'`);
      await run(path.join(bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', `${base}/postgres`, '-c', `CREATE DATABASE ${name}`]);
      return `${base}/${name}`;
    };
    const url = await createDatabase(PG_DATABASE);
    return { url, port, dir, createDatabase, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function postgresIds(): [number, number] {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error("throwaway-postgres: running as root needs the 'postgres' user (Debian's postgresql package creates it)");
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function serverLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000);
  } catch {
    return '(no server log)';
  }
}
