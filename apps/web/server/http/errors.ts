import type { ApiErrorBody, ErrorCode } from "@jai/contracts";
import type { Locale } from "~/i18n/locale";

/** The one error type services throw; mapped to a status and localized message at the boundary. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    options?: { message?: string; fields?: Record<string, string>; retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(options?.message ?? code, { cause: options?.cause });
    this.fields = options?.fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
}

export const errorStatus: Record<ErrorCode, 400 | 404 | 413 | 415 | 422 | 429 | 500 | 503> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

const errorMessages: Record<Locale, Record<ErrorCode, string>> = {
  en: {
    BAD_REQUEST: "The request could not be understood.",
    VALIDATION_FAILED: "Some fields are missing or invalid.",
    NOT_FOUND: "Not found.",
    PAYLOAD_TOO_LARGE: "The request is too large.",
    UNSUPPORTED_MEDIA_TYPE: "Unsupported content type.",
    RATE_LIMITED: "Too many requests. Please try again later.",
    SERVICE_UNAVAILABLE: "The service is temporarily unavailable. Please try again later.",
    INTERNAL: "Something went wrong. Please try again later.",
  },
  th: {
    BAD_REQUEST: "ไม่สามารถประมวลผลคำขอได้",
    VALIDATION_FAILED: "ข้อมูลบางช่องขาดหายหรือไม่ถูกต้อง",
    NOT_FOUND: "ไม่พบข้อมูลที่ต้องการ",
    PAYLOAD_TOO_LARGE: "คำขอมีขนาดใหญ่เกินไป",
    UNSUPPORTED_MEDIA_TYPE: "ไม่รองรับประเภทข้อมูลนี้",
    RATE_LIMITED: "มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง",
    SERVICE_UNAVAILABLE: "ระบบไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ภายหลัง",
    INTERNAL: "เกิดข้อผิดพลาดบางอย่าง กรุณาลองใหม่ภายหลัง",
  },
};

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return errorMessages[locale][code];
}

export function toErrorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}
