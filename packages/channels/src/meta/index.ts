export { createMetaClient, failureOf as metaFailureOf } from "./client";
export {
  messengerLikeStickerIds,
  metaAction,
  metaGetStartedPayload,
  metaQuickReplyPrefix,
} from "./events";
export {
  cutTitle as cutMetaTitle,
  formatMetaMessages,
  metaLimits,
  metaQuickReplies,
} from "./format";
export * from "./types";
export {
  type MetaMessagingItem,
  metaSourceKey,
  metaWebhookMaxBytes,
  metaWebhookMaxItems,
  parseMetaWebhook,
  verifyMetaSignature,
} from "./webhook";
