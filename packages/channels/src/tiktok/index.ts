export { createTiktokClient, tiktokFailure, tiktokHttpFailure } from "./client";
export { tiktokAction } from "./events";
export { formatTiktokMessages, tiktokLimits } from "./format";
export {
  type TiktokAction,
  type TiktokBusinessInfo,
  type TiktokClient,
  type TiktokContent,
  type TiktokDirectMessage,
  type TiktokDownload,
  type TiktokEndpoints,
  type TiktokFailure,
  type TiktokFailureReason,
  type TiktokImage,
  type TiktokMediaRef,
  type TiktokResult,
  type TiktokWebhookEvent,
  tiktokProductionEndpoints,
} from "./types";
export {
  parseTiktokWebhook,
  tiktokOccurredAt,
  tiktokSourceKey,
  tiktokWebhookMaxBytes,
  verifyTiktokSignature,
} from "./webhook";
