import type { ParseArgsConfig } from 'node:util';
import { serveCommands } from './serve-commands';
import { adminCommands } from './admin-commands';
import { catalogCommands } from './catalog-commands';
import { rigCommand } from './rig-command';

export interface CommandContext {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  json: boolean;
}

export interface Command {
  name: string;
  sub?: string;
  usage: string;
  help: string;
  options?: ParseArgsConfig['options'];
  /** Returns the command's result object (printed as JSON with --json), or undefined. */
  run(ctx: CommandContext): Promise<unknown>;
  /** Human-readable rendering of the result. */
  format?(result: any): string;
}

export const COMMANDS: Command[] = [...serveCommands, rigCommand, ...adminCommands, ...catalogCommands];
