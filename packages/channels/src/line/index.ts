export {
  createLineClient,
  type LineBotInfo,
  type LineClient,
  type LineEndpoints,
  type LineQuota,
  type LineResult,
  lineFailure,
  lineProductionEndpoints,
} from "./client";
export {
  type LineAction,
  type LineChat,
  type LineContent,
  lineAction,
  stickerText,
} from "./events";
export {
  formatLineMessages,
  type LineMessage,
  type LineSender,
  lineLimits,
  lineQuickReply,
  lineSender,
} from "./format";
export {
  type LineWebhookEvent,
  lineSourceKey,
  lineWebhookMaxBytes,
  lineWebhookMaxEvents,
  parseLineWebhook,
  verifyLineSignature,
} from "./webhook";
