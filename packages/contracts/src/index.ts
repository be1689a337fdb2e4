export { brand } from "./brand";
export * from "./contact";
export { type ApiErrorBody, type ErrorCode, errorCodes } from "./errors";
export * from "./plans";
export * from "./shipped-features";
