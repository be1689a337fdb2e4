// The fake Graph API as its own process, for the browser tests and benchmarks
// (playwright.config.ts starts it and points the server's META_GRAPH_API_BASE_URL at it). Fixed
// credentials, known to the tests: e2e/meta-tiktok.spec.ts pastes them in the console as an owner
// would.

import { startFakeMeta } from "./fake-meta";
import { e2eMetaCredentials } from "./fake-meta-credentials";

const port = Number(process.env.FAKE_META_PORT ?? 4375);
const meta = await startFakeMeta({ port, ...e2eMetaCredentials });
process.stdout.write(`fake Graph API on ${meta.url}\n`);
const stop = () => void meta.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
