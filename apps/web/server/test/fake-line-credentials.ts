/** The credentials of the fake LINE API the browser tests run against (fake-line-main.ts). */
export const e2eLineCredentials = {
  channelId: "1657000001",
  /** The fake's channel secret (fake-line.ts): webhooks are signed with it. */
  channelSecret: "a123456789abcdefa123456789abcdef",
  accessToken: "e2e-line-access-token-0123456789abcdef",
};

/** Where playwright.config.ts starts the fake, next to the servers under test. */
export const fakeLinePort = (e2ePort: number) => e2ePort + 200;
