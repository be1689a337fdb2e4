import type { ApiErrorBody, ErrorCode } from "@jai/contracts";
import type { Locale } from "./locale";
import { describePaymentFailure } from "./payment-failures";
import { knowledgeBaseStandard } from "./plans";

/** The Standard knowledge base's size in MB, as error texts state it. */
const kbMegabytes = knowledgeBaseStandard.bytes / (1024 * 1024);

// The server bundle and React Router's server build each carry a copy of this module, so an
// AppError thrown by a service (one copy) reaches a route action that imports the other copy.
// A registered symbol marks instances of every copy, and `instanceof` checks for it.
const appErrorMark = Symbol.for("jai.AppError");

/** The one error type services throw; mapped to a status and localized message at the boundary. */
export class AppError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && appErrorMark in value;
  }
  readonly [appErrorMark] = true;
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    options?: {
      message?: string;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      cause?: unknown;
    },
  ) {
    super(options?.message ?? code, { cause: options?.cause });
    this.fields = options?.fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;
}

export type ErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 409
  | 405
  | 413
  | 415
  | 422
  | 429
  | 500
  | 503;

export const errorStatus: Record<ErrorCode, ErrorStatus> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  VALIDATION_FAILED: 422,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PLAN_LIMIT_REACHED: 403,
  PAYMENT_FAILED: 402,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** What a message may mention besides its code. */
export type ErrorDetails = {
  retryAfterSeconds?: number;
  /** The error's fields: PLAN_LIMIT_REACHED says which limit (`plan` or `limit`). */
  fields?: Record<string, string>;
};

/** Which limit a PLAN_LIMIT_REACHED is about (see the console services). */
const reachedLimit = (fields: ErrorDetails["fields"]) => fields?.plan ?? fields?.limit;

type ErrorText = string | ((details: ErrorDetails) => string);

/** Whole minutes to wait, at least one: "try again in 7 minutes" reads better than seconds. */
const minutesToWait = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

const errorMessages: Record<Locale, Record<ErrorCode, ErrorText>> = {
  en: {
    BAD_REQUEST: "The request could not be understood.",
    UNAUTHORIZED: "Please sign in to continue.",
    FORBIDDEN: "You are not allowed to do this.",
    VALIDATION_FAILED: "Some fields are missing or invalid.",
    NOT_FOUND: "Not found.",
    CONFLICT: "This cannot be done in the current state.",
    PLAN_LIMIT_REACHED: ({ fields }) => {
      switch (reachedLimit(fields)) {
        case "trialEnded":
          return "Your free trial has ended. Choose a plan to keep making changes: everything you made is kept.";
        case "bots":
          return "Your plan has no room for another bot. Upgrade your plan to add more.";
        case "personas":
          return "Your persona library is full. Delete a persona to add another.";
        case "apiKeys":
          return "You have the most active API keys allowed. Revoke one to create another.";
        case "seats":
          return "Every seat of your plan is taken (teammates and waiting invitations). Upgrade your plan, or revoke an invitation or remove a teammate first.";
        case "pendingInvitations":
          return "Too many invitations are waiting. Revoke some before inviting more.";
        case "exports":
          return "Exports come with the Business and Enterprise plans. Upgrade your plan to export your data.";
        case "downgrade": {
          const over = fields?.over ?? "bots";
          const names: Record<string, [string, string]> = {
            bots: ["bot", "bots"],
            channels: ["connected channel", "connected channels"],
            seats: ["seat", "seats"],
          };
          const [one, many] = names[over] ?? ["item", "items"];
          const used = Number(fields?.used ?? 0);
          const allowed = Number(fields?.allowed ?? 0);
          const extra = Math.max(0, used - allowed);
          return `That plan allows ${allowed} ${allowed === 1 ? one : many} and you have ${used}. Remove ${extra} ${extra === 1 ? one : many} first, then change the plan.`;
        }
        case "contactSales":
          return "The Enterprise plan is arranged with our sales team. Contact us and we will set it up.";
        case "noCard":
          return "There is no saved card. Add a card, or pay with PromptPay.";
        case "channels":
          return "Your plan has no room for another connected channel (the website widget counts as one). Upgrade your plan, or disconnect a channel first.";
        case "knowledgeBase":
          return fields?.over === "bytes"
            ? `Your knowledge base is full: the Standard knowledge base holds ${kbMegabytes} MB. Remove a source or upgrade your plan for an unlimited one.`
            : `Your knowledge base is full: the Standard knowledge base holds ${knowledgeBaseStandard.sources} sources. Remove a source or upgrade your plan for an unlimited one.`;
        case "readOnly":
          return "Your workspace is read-only until the plan is paid. You can still read, export and delete your data; pay on the billing page to make changes again.";
        case "usersPerMonth":
          return "Your plan's users per month are used up. Upgrade your plan to take more contacts this month.";
        default:
          return "Your plan's limit is reached. Upgrade your plan to add more.";
      }
    },
    PAYMENT_FAILED: ({ fields }) =>
      fields?.reason === "provider_unavailable"
        ? "The payment service is not answering. Nothing was charged; please try again in a few minutes."
        : `The payment did not go through: ${describePaymentFailure(fields?.reason, null, "en")}. Nothing was charged; please check the card or use another one.`,
    METHOD_NOT_ALLOWED: "This method is not allowed here.",
    PAYLOAD_TOO_LARGE: "The request is too large.",
    UNSUPPORTED_MEDIA_TYPE: "Unsupported content type.",
    RATE_LIMITED: ({ retryAfterSeconds }) => {
      if (!retryAfterSeconds) return "Too many requests. Please try again later.";
      const minutes = minutesToWait(retryAfterSeconds);
      return `Too many requests. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
    },
    SERVICE_UNAVAILABLE: "The service is temporarily unavailable. Please try again later.",
    INTERNAL: "Something went wrong. Please try again later.",
  },
  th: {
    BAD_REQUEST: "ไม่สามารถประมวลผลคำขอได้",
    UNAUTHORIZED: "กรุณาเข้าสู่ระบบเพื่อดำเนินการต่อ",
    FORBIDDEN: "คุณไม่มีสิทธิ์ดำเนินการนี้",
    VALIDATION_FAILED: "ข้อมูลบางช่องขาดหายหรือไม่ถูกต้อง",
    NOT_FOUND: "ไม่พบข้อมูลที่ต้องการ",
    CONFLICT: "ไม่สามารถดำเนินการนี้ได้ในสถานะปัจจุบัน",
    PLAN_LIMIT_REACHED: ({ fields }) => {
      switch (reachedLimit(fields)) {
        case "trialEnded":
          return "ช่วงทดลองใช้ฟรีสิ้นสุดแล้ว กรุณาเลือกแพ็กเกจเพื่อแก้ไขต่อ ข้อมูลทั้งหมดของคุณยังอยู่ครบ";
        case "bots":
          return "แพ็กเกจของคุณสร้างบอทเพิ่มไม่ได้แล้ว กรุณาอัปเกรดแพ็กเกจเพื่อเพิ่มบอท";
        case "personas":
          return "คลังเพอร์โซนาของคุณเต็มแล้ว กรุณาลบเพอร์โซนาก่อนเพิ่มใหม่";
        case "apiKeys":
          return "คุณมีคีย์ API ที่ใช้งานอยู่ครบจำนวนสูงสุดแล้ว กรุณายกเลิกคีย์เดิมก่อนสร้างใหม่";
        case "seats":
          return "ที่นั่งของแพ็กเกจเต็มแล้ว (สมาชิกทีมและคำเชิญที่รอตอบรับ) กรุณาอัปเกรดแพ็กเกจ หรือยกเลิกคำเชิญหรือนำสมาชิกทีมออกก่อน";
        case "pendingInvitations":
          return "มีคำเชิญที่รอตอบรับมากเกินไป กรุณายกเลิกคำเชิญบางรายการก่อนเชิญเพิ่ม";
        case "exports":
          return "การส่งออกข้อมูลมีในแพ็กเกจธุรกิจและองค์กร กรุณาอัปเกรดแพ็กเกจเพื่อส่งออกข้อมูล";
        case "downgrade": {
          const names: Record<string, string> = {
            bots: "บอท",
            channels: "ช่องทางที่เชื่อมต่อ",
            seats: "ที่นั่ง",
          };
          const name = names[fields?.over ?? "bots"] ?? "รายการ";
          const used = Number(fields?.used ?? 0);
          const allowed = Number(fields?.allowed ?? 0);
          return `แพ็กเกจนั้นใช้${name}ได้ ${allowed} รายการ แต่ตอนนี้คุณมี ${used} รายการ กรุณานำออก ${Math.max(0, used - allowed)} รายการก่อนเปลี่ยนแพ็กเกจ`;
        }
        case "contactSales":
          return "แพ็กเกจองค์กรจัดการผ่านทีมขายของเรา ติดต่อเราแล้วเราจะตั้งค่าให้";
        case "noCard":
          return "ยังไม่มีบัตรที่บันทึกไว้ กรุณาเพิ่มบัตร หรือชำระด้วย PromptPay";
        case "channels":
          return "แพ็กเกจของคุณเชื่อมต่อช่องทางเพิ่มไม่ได้แล้ว (วิดเจ็ตบนเว็บไซต์นับเป็นหนึ่งช่องทาง) กรุณาอัปเกรดแพ็กเกจ หรือยกเลิกการเชื่อมต่อช่องทางอื่นก่อน";
        case "knowledgeBase":
          return fields?.over === "bytes"
            ? `ฐานความรู้ของคุณเต็มแล้ว ฐานความรู้แบบมาตรฐานเก็บได้ ${kbMegabytes} MB กรุณาลบแหล่งข้อมูลบางรายการ หรืออัปเกรดแพ็กเกจเพื่อใช้ฐานความรู้แบบไม่จำกัด`
            : `ฐานความรู้ของคุณเต็มแล้ว ฐานความรู้แบบมาตรฐานเก็บได้ ${knowledgeBaseStandard.sources} แหล่งข้อมูล กรุณาลบแหล่งข้อมูลบางรายการ หรืออัปเกรดแพ็กเกจเพื่อใช้ฐานความรู้แบบไม่จำกัด`;
        case "readOnly":
          return "เวิร์กสเปซของคุณเป็นแบบอ่านอย่างเดียวจนกว่าจะชำระค่าแพ็กเกจ คุณยังดู ส่งออก และลบข้อมูลได้ ชำระเงินที่หน้าการชำระเงินเพื่อแก้ไขได้อีกครั้ง";
        case "usersPerMonth":
          return "ผู้ใช้ต่อเดือนของแพ็กเกจคุณครบแล้ว กรุณาอัปเกรดแพ็กเกจเพื่อรองรับผู้ติดต่อเพิ่มในเดือนนี้";
        default:
          return "ถึงขีดจำกัดของแพ็กเกจแล้ว กรุณาอัปเกรดแพ็กเกจเพื่อเพิ่ม";
      }
    },
    PAYMENT_FAILED: ({ fields }) =>
      fields?.reason === "provider_unavailable"
        ? "ระบบชำระเงินไม่ตอบสนอง ยังไม่มีการตัดเงิน กรุณาลองใหม่ในอีกสักครู่"
        : `ชำระเงินไม่สำเร็จ: ${describePaymentFailure(fields?.reason, null, "th")} ยังไม่มีการตัดเงิน กรุณาตรวจสอบบัตรหรือใช้บัตรอื่น`,
    METHOD_NOT_ALLOWED: "ไม่รองรับคำขอประเภทนี้",
    PAYLOAD_TOO_LARGE: "คำขอมีขนาดใหญ่เกินไป",
    UNSUPPORTED_MEDIA_TYPE: "ไม่รองรับประเภทข้อมูลนี้",
    RATE_LIMITED: ({ retryAfterSeconds }) =>
      retryAfterSeconds
        ? `มีคำขอมากเกินไป กรุณาลองใหม่อีกครั้งในอีก ${minutesToWait(retryAfterSeconds)} นาที`
        : "มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง",
    SERVICE_UNAVAILABLE: "ระบบไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ภายหลัง",
    INTERNAL: "เกิดข้อผิดพลาดบางอย่าง กรุณาลองใหม่ภายหลัง",
  },
};

export function errorMessage(code: ErrorCode, locale: Locale, details: ErrorDetails = {}): string {
  const text = errorMessages[locale][code];
  return typeof text === "function" ? text(details) : text;
}

export function toErrorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}
