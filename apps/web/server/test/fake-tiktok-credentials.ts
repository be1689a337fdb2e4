/**
 * The business accounts of the fake TikTok Business API the browser tests run against
 * (fake-tiktok-main.ts): e2e/meta-tiktok.spec.ts pastes them in the console as an owner would.
 */
export const e2eTiktokCredentials = {
  appId: "e2e-tiktok-app-0001",
  /** The app secret the tests sign webhooks with. */
  appSecret: "e2e-tiktok-secret-0123456789abcdef",
  businessId: "e2e-business-0001",
  displayName: "Somtam Shop TikTok",
  accessToken: "e2e-tiktok-access-token-0123456789abcdef",
  /**
   * A business account TikTok has not approved for the Business Messaging API: the fake answers
   * it as TikTok does, with an error code and its own message.
   */
  notApprovedBusinessId: "e2e-business-not-approved",
};

/** Where playwright.config.ts starts the fake, next to the servers under test. */
export const fakeTiktokPort = (e2ePort: number) => e2ePort + 203;
