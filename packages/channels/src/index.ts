export { apiChannel, apiExternalId } from "./api/index";
export { classifyResponse, parseRetryAfter, sendRequest } from "./http";
export { splitText } from "./split-text";
export * from "./types";
export {
  endingEvent,
  parseBrowserChat,
  prefersJson,
  type TurnEnding,
  webChannel,
} from "./web/index";
export {
  identityExternalId,
  identityIdMaxChars,
  signIdentity,
  verifyIdentity,
  type WidgetIdentity,
  widgetChannel,
} from "./widget/index";
