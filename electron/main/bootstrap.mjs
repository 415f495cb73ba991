// Electron's main entry. Sources are TypeScript; tsx compiles them on load (as bin/rigdesk.mjs
// does for the CLI), so main, the embedded service and its worker processes run the same code.
import { register } from 'tsx/esm/api';

register();
await import('./index.ts');
