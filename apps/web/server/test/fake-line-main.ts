// The fake LINE API as its own process, for the browser tests (playwright.config.ts starts it
// and points the server's LINE_API_BASE_URL at it). Fixed credentials, known to the tests:
// e2e/line.spec.ts pastes them in the console as an owner would.
import { startFakeLine } from "./fake-line";
import { e2eLineCredentials } from "./fake-line-credentials";

const port = Number(process.env.FAKE_LINE_PORT ?? 4373);
const line = await startFakeLine({
  port,
  channelId: e2eLineCredentials.channelId,
  accessToken: e2eLineCredentials.accessToken,
});
process.stdout.write(`fake LINE API on ${line.url}\n`);
const stop = () => void line.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
