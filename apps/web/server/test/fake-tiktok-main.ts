// The fake TikTok Business API as its own process, for the browser tests and benchmarks
// (playwright.config.ts starts it and points the server's TIKTOK_API_BASE_URL at it). Fixed
// credentials, known to the tests: e2e/meta-tiktok.spec.ts pastes them in the console as an
// owner would, the approved business account and the one TikTok has not approved.

import { startFakeTiktok } from "./fake-tiktok";
import { e2eTiktokCredentials } from "./fake-tiktok-credentials";

const port = Number(process.env.FAKE_TIKTOK_PORT ?? 4376);
const tiktok = await startFakeTiktok({
  port,
  appId: e2eTiktokCredentials.appId,
  appSecret: e2eTiktokCredentials.appSecret,
  businessId: e2eTiktokCredentials.businessId,
  displayName: e2eTiktokCredentials.displayName,
  accessToken: e2eTiktokCredentials.accessToken,
  notApprovedBusinessId: e2eTiktokCredentials.notApprovedBusinessId,
});
process.stdout.write(`fake TikTok Business API on ${tiktok.url}\n`);
const stop = () => void tiktok.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
