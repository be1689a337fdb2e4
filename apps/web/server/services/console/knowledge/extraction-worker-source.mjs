// The extraction worker when the server runs from its TypeScript sources (Vitest, `npx tsx
// bench/…`): a worker thread does not inherit the parent's TypeScript loader (Vitest's runs
// inside Vite, and Node 20 ignores `--import tsx` in a worker's execArgv for the entry itself),
// so this plain-JS entry registers tsx (a devDependency) in the worker, then loads the real one.
// The production build never uses it: extraction-worker.ts is built as its own entry.
import { register } from "tsx/esm/api";

register();
await import("./extraction-worker.ts");
