import type { ServiceOptions } from '../service/start';
import type { Command, CommandContext } from './commands';

function serviceOptions(ctx: CommandContext): ServiceOptions {
  const port = ctx.values.port === undefined ? undefined : Number(ctx.values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new Error(`--port must be 0-65535, got ${ctx.values.port}`);
  const workers = ctx.values.workers === undefined ? undefined : Number(ctx.values.workers);
  // 0 local workers only makes sense when workers elsewhere share the queue (server mode).
  const fewest = ctx.values.database === undefined ? 1 : 0;
  if (workers !== undefined && (!Number.isInteger(workers) || workers < fewest)) {
    throw new Error(`--workers must be a whole number >= ${fewest}${fewest ? ' (0 only with --database, where workers run elsewhere)' : ''}`);
  }
  const memory = ctx.values['worker-memory'] === undefined ? undefined : Number(ctx.values['worker-memory']);
  if (memory !== undefined && (!Number.isInteger(memory) || memory < 64)) throw new Error('--worker-memory must be a whole number of MB >= 64');
  const queue = ctx.values['queue-depth'] === undefined ? undefined : Number(ctx.values['queue-depth']);
  if (queue !== undefined && (!Number.isInteger(queue) || queue < 1)) throw new Error('--queue-depth must be a whole number >= 1');
  const downloads = wholeAtLeastOne(ctx, 'downloads');
  const downloadsPerAccount = wholeAtLeastOne(ctx, 'downloads-per-account');
  return {
    dataDir: ctx.values.data as string | undefined,
    host: ctx.values.host as string | undefined,
    port,
    workers,
    workerMemoryMb: memory,
    maxQueueDepth: queue,
    downloadsOverall: downloads,
    downloadsPerAccount,
    logger: ctx.values.log === true,
    allowPrivateUrls: ctx.values['allow-private-urls'] === true || process.env.RIGDESK_ALLOW_PRIVATE_URLS === '1',
  };
}

function wholeAtLeastOne(ctx: CommandContext, flag: string): number | undefined {
  const raw = ctx.values[flag];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} must be a whole number >= 1, got ${raw}`);
  return n;
}

/** Server mode's --database and --blobs, checked (the blob folder must be given: it is shared with the workers). */
function serverModeOptions(ctx: CommandContext): { database: string; blobs: string } {
  const database = ctx.values.database;
  const blobs = ctx.values.blobs;
  if (typeof database !== 'string' || database === '') throw new Error('--database needs a URL: postgresql://USER@HOST[:PORT]/DATABASE');
  if (typeof blobs !== 'string' || blobs === '') throw new Error('--database needs --blobs DIR too: the folder of models and uploads every API and worker host mounts');
  return { database, blobs };
}

/** Waits for SIGINT or SIGTERM. */
function untilStopped(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** `serve --database`: the API on PostgreSQL until SIGINT/SIGTERM. */
async function serveServerMode(ctx: CommandContext): Promise<undefined> {
  const { dataDir: _unused, ...options } = serviceOptions(ctx);
  const { startServerMode } = await import('../service/server-mode');
  const server = await startServerMode({ ...options, ...serverModeOptions(ctx) });
  const info = { base_url: server.baseUrl, api_url: `${server.baseUrl}/v1`, openapi_url: `${server.baseUrl}/openapi.json`, blobs: ctx.values.blobs };
  if (ctx.json) console.log(JSON.stringify(info));
  else console.log(`Rigdesk server mode is running.\n  API:    ${info.api_url}\n  Blobs:  ${info.blobs}\nPress Ctrl+C to stop.`);
  await untilStopped();
  await server.close();
  return undefined;
}

/** Runs the service until SIGINT/SIGTERM. */
async function serve(ctx: CommandContext, mode: 'serve' | 'start'): Promise<undefined> {
  if (mode === 'serve' && ctx.values.database !== undefined) return serveServerMode(ctx);
  if (ctx.values.blobs !== undefined) throw new Error('--blobs is for server mode: give --database too');
  const options = serviceOptions(ctx);
  // Loaded on use: the CLI starts fast for the light commands. Both modes build the studio when it
  // is missing or older than its sources, so the studio URL they print answers on a fresh clone.
  await (await import('../main/ensure-studio')).ensureStudioBuilt();
  const { startService } = await import('../service/start');
  const service = await startService(options);
  const info = { base_url: service.baseUrl, api_url: `${service.baseUrl}/v1`, studio_url: service.studioUrl, openapi_url: `${service.baseUrl}/openapi.json`, data_dir: service.dataDir };
  if (ctx.json) console.log(JSON.stringify(info));
  else {
    console.log(`Rigdesk ${mode === 'start' ? 'is running without a window (no Electron or no display)' : 'service is running'}.`);
    console.log(`  API:     ${info.api_url}   (OpenAPI: ${info.openapi_url})`);
    console.log(`  Studio:  ${info.studio_url}`);
    console.log(`  Data:    ${info.data_dir}`);
    console.log('Press Ctrl+C to stop.');
  }
  await untilStopped();
  await service.close();
  return undefined;
}

const serveOptions = {
  host: { type: 'string' },
  port: { type: 'string' },
  workers: { type: 'string' },
  'worker-memory': { type: 'string' },
  'queue-depth': { type: 'string' },
  downloads: { type: 'string' },
  'downloads-per-account': { type: 'string' },
  log: { type: 'boolean' },
  'allow-private-urls': { type: 'boolean' },
  database: { type: 'string' },
  blobs: { type: 'string' },
} as const;

export const serveCommands: Command[] = [
  {
    name: 'serve',
    usage: 'serve [--host H] [--port P] [--workers N] [--worker-memory MB] [--queue-depth N] [--downloads N] [--downloads-per-account N] [--allow-private-urls] [--log] [--database postgresql://USER@HOST/DB --blobs DIR]',
    help: 'Run the /v1 service (default 127.0.0.1:7878) and the studio at its root URL until Ctrl+C. URLs given to the API must be public unless --allow-private-urls (or RIGDESK_ALLOW_PRIVATE_URLS=1).',
    options: serveOptions,
    run: (ctx) => serve(ctx, 'serve'),
  },
  {
    name: 'worker',
    usage: 'worker --database postgresql://USER@HOST/DB --blobs DIR [--concurrency N] [--worker-memory MB]',
    help: "Server mode: run jobs from the database's queue on this machine (any number of hosts at once), until Ctrl+C.",
    options: { database: { type: 'string' }, blobs: { type: 'string' }, concurrency: { type: 'string' }, 'worker-memory': { type: 'string' } },
    run: async (ctx) => {
      const concurrency = wholeAtLeastOne(ctx, 'concurrency');
      const memory = ctx.values['worker-memory'] === undefined ? undefined : Number(ctx.values['worker-memory']);
      if (memory !== undefined && (!Number.isInteger(memory) || memory < 64)) throw new Error('--worker-memory must be a whole number of MB >= 64');
      const { startWorkerHost } = await import('../service/server-mode');
      const host = await startWorkerHost({ ...serverModeOptions(ctx), concurrency, workerMemoryMb: memory });
      if (ctx.json) console.log(JSON.stringify({ worker: 'running', concurrency: concurrency ?? null }));
      else console.log('Rigdesk worker is running. Press Ctrl+C to stop.');
      await untilStopped();
      await host.close();
      return undefined;
    },
  },
  {
    name: 'start',
    usage: 'start [serve options]',
    help: 'Open the desktop app; where Electron or a display is missing, run the service headless and print the studio URL.',
    options: serveOptions,
    run: async (ctx) => {
      const launch = await (await import('../main/launch')).desktopLauncher(serviceOptions(ctx));
      if (launch) return launch();
      return serve(ctx, 'start');
    },
  },
];
