/**
 * A server-mode installation of real processes on one throwaway PostgreSQL and one blob folder:
 * `apis` × `rigdesk serve --database --workers 0` and `workers` × `rigdesk worker --concurrency 1`,
 * plus an admin store in this process for making accounts and reading the jobs table.
 */
import { rmSync } from 'node:fs';
import { openPostgresStore, type PostgresStore } from '../../electron/service/store/postgres/pg-store';
import { startRigdesk, stopRigdesk, type RigdeskProcess } from './rigdesk-process';
import { tempDataDir } from './service';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

export interface ServerProcesses {
  pg: ThrowawayPostgres;
  blobs: string;
  /** Base URLs of the API processes. */
  apis: string[];
  workers: RigdeskProcess[];
  admin: PostgresStore;
  stop(): Promise<void>;
}

export async function startServerProcesses(o: { apis: number; workers: number }): Promise<ServerProcesses> {
  const pg = await startThrowawayPostgres();
  const blobs = tempDataDir('rigdesk-server-blobs');
  const started: RigdeskProcess[] = [];
  let admin: PostgresStore | undefined;
  const stop = async () => {
    await Promise.all(started.map((p) => stopRigdesk(p.child)));
    await admin?.close();
    await pg.stop();
    rmSync(blobs, { recursive: true, force: true });
  };
  try {
    // Migrated once here, so the processes start on a ready schema.
    admin = await openPostgresStore(pg.url, blobs, { maxConnections: 2 });
    const launch = async (args: string[]) => {
      const p = await startRigdesk(args);
      started.push(p);
      return p;
    };
    const serve = ['serve', '--database', pg.url, '--blobs', blobs, '--port', '0', '--workers', '0'];
    const worker = ['worker', '--database', pg.url, '--blobs', blobs, '--concurrency', '1'];
    const [apis, workers] = await Promise.all([
      Promise.all(Array.from({ length: o.apis }, () => launch(serve))),
      Promise.all(Array.from({ length: o.workers }, () => launch(worker))),
    ]);
    return { pg, blobs, apis: apis.map((a) => a.info.base_url as string), workers, admin, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
