// The engine's fake OpenAI-compatible API as its own process, for the browser tests
// (playwright.config.ts starts it and points the servers' OPENAI_BASE_URL at it), so that a key
// an owner saves in the console is checked against it, never against OpenAI. It refuses one
// known key (e2e/console.spec.ts pastes it) and accepts any other.
import { startFakeLlmServer } from "@jai/engine/testing/fake-llm-server";
import { e2eRefusedProviderKey } from "./fake-llm-credentials";

const port = Number(process.env.FAKE_LLM_PORT ?? 4374);
const llm = await startFakeLlmServer("openai", [{ type: "stream", chunks: ["Hello ", "there"] }], {
  port,
});
llm.setRepliesForKey(e2eRefusedProviderKey, [
  { type: "error", status: 401, message: "Incorrect API key provided" },
]);
process.stdout.write(`fake LLM API on ${llm.baseURL}\n`);
const stop = () => void llm.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
