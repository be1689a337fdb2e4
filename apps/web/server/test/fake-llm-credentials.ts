/** A provider key the browser tests' fake LLM API (fake-llm-main.ts) refuses. */
export const e2eRefusedProviderKey = "sk-e2e-refused-0123456789";

/** Where playwright.config.ts starts the fake, next to the servers under test. */
export const fakeLlmPort = (e2ePort: number) => e2ePort + 201;
