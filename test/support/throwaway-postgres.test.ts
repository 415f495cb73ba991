import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

describe('throwaway PostgreSQL', () => {
  let a: ThrowawayPostgres;
  let b: ThrowawayPostgres;
  beforeAll(async () => {
    [a, b] = await Promise.all([startThrowawayPostgres(), startThrowawayPostgres()]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('is a real PostgreSQL 15+ server on loopback, reachable by URL', async () => {
    expect(a.url).toBe(`postgresql://rigdesk@127.0.0.1:${a.port}/rigdesk`);
    const client = new pg.Client({ connectionString: a.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ v: string; addr: string }>("SELECT current_setting('server_version_num') AS v, inet_server_addr()::text AS addr");
      expect(Number(rows[0].v)).toBeGreaterThanOrEqual(150000);
      expect(rows[0].addr).toBe('127.0.0.1/32');
    } finally {
      await client.end();
    }
  });

  it('keeps its socket and data in its own folder, and clusters do not share data', async () => {
    expect(existsSync(path.join(a.dir, `.s.PGSQL.${a.port}`))).toBe(true);
    expect(a.port).not.toBe(b.port);
    const ca = new pg.Client({ connectionString: a.url });
    const cb = new pg.Client({ connectionString: b.url });
    await Promise.all([ca.connect(), cb.connect()]);
    try {
      await ca.query('CREATE TABLE only_in_a (x int)');
      const { rows } = await cb.query("SELECT to_regclass('only_in_a') AS t");
      expect(rows[0].t).toBeNull();
    } finally {
      await Promise.all([ca.end(), cb.end()]);
    }
  });

  it('creates further databases and refuses names that are not plain identifiers', async () => {
    const url = await a.createDatabase('second_db');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('SELECT current_database() AS d');
    await client.end();
    expect(rows[0].d).toBe('second_db');
    await expect(a.createDatabase('x; DROP DATABASE rigdesk')).rejects.toThrow(/lower-case letters/);
  });

  it('stop() shuts the server down and deletes its folder', async () => {
    const c = await startThrowawayPostgres();
    await c.stop();
    expect(existsSync(c.dir)).toBe(false);
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(c.port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(false)));
      s.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    await c.stop(); // twice is harmless
  });
});
