/**
 * The Page and Instagram account of the fake Graph API the browser tests run against
 * (fake-meta-main.ts): e2e/meta-tiktok.spec.ts pastes them in the console as an owner would.
 */
export const e2eMetaCredentials = {
  pageId: "104000000000001",
  pageName: "Somtam Shop",
  /** The fake's Page access token: any other is refused with Meta's code 190. */
  pageAccessToken: "EAAe2eMetaPageAccessToken0123456789abcdef",
  /** The app secret the tests sign webhooks with (the Graph API never checks it). */
  appSecret: "b123456789abcdefb123456789abcdef",
  instagramAccountId: "17841400000000001",
  instagramUsername: "somtam.shop",
};

/** Where playwright.config.ts starts the fake, next to the servers under test. */
export const fakeMetaPort = (e2ePort: number) => e2ePort + 202;
