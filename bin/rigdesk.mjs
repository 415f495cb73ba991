#!/usr/bin/env node
// The `rigdesk` command. Sources are TypeScript; tsx compiles them on load so the CLI,
// the service and the worker child processes run the same code without a build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../electron/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
