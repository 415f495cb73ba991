/**
 * The `rigdesk` command line: `npm run rigdesk -- <command>` or the package's `rigdesk` bin.
 * Every command takes `--data DIR` and `--json` (one JSON object on the last line of stdout).
 * Administrative commands write the same SQLite database the service uses, so they work while it runs.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { COMMANDS, type CommandContext } from './commands';

export class CliError extends Error {}

export async function runCli(argv: string[]): Promise<number> {
  const [name, sub] = argv;
  const command = COMMANDS.find((c) => c.name === name && (c.sub === undefined || c.sub === sub));
  if (!command || name === 'help' || name === '--help' || name === undefined) {
    console.log(usage());
    return command || name === 'help' || name === '--help' || name === undefined ? 0 : 2;
  }
  const rest = argv.slice(command.sub ? 2 : 1);
  const config: ParseArgsConfig = {
    args: rest,
    allowPositionals: true,
    strict: true,
    options: { data: { type: 'string' }, json: { type: 'boolean' }, ...command.options },
  };
  let parsed;
  try {
    parsed = parseArgs(config);
  } catch (err) {
    const message = `${(err as Error).message}; usage: rigdesk ${command.usage}`;
    if (rest.includes('--json')) console.log(JSON.stringify({ error: message }));
    else console.error(`rigdesk ${command.name}${command.sub ? ` ${command.sub}` : ''}: ${message}`);
    return 2;
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const ctx: CommandContext = { values, positionals: parsed.positionals, json: values.json === true };
  try {
    const result = await command.run(ctx);
    if (result !== undefined) {
      if (ctx.json) console.log(JSON.stringify(result));
      else if (command.format) console.log(command.format(result));
    }
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (ctx.json) console.log(JSON.stringify({ error: message }));
    else console.error(`rigdesk: ${message}`);
    return 1;
  }
}

export function usage(): string {
  return ['usage: rigdesk <command> [options]   (every command: --data DIR, --json; administration and server mode: --database URL)', '', ...COMMANDS.map((c) => `  rigdesk ${c.usage}\n      ${c.help}`)].join('\n');
}
