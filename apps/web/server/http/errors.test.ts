import { describe, expect, it, vi } from "vitest";
import { AppError, errorMessage, errorStatus } from "./errors";

describe("AppError", () => {
  it("is recognised across copies of the module (server bundle vs route build)", async () => {
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.AppError).not.toBe(AppError);
    const error = new copy.AppError("RATE_LIMITED", { retryAfterSeconds: 30 });
    expect(error instanceof AppError).toBe(true);
    expect(new AppError("NOT_FOUND") instanceof copy.AppError).toBe(true);
    expect(new Error("plain") instanceof AppError).toBe(false);
    const nothing: unknown = null;
    expect(nothing instanceof AppError).toBe(false);
  });

  it("maps codes to a status and a message in either language", () => {
    expect(errorStatus.RATE_LIMITED).toBe(429);
    expect(errorMessage("RATE_LIMITED", "en", { retryAfterSeconds: 61 })).toBe(
      "Too many requests. Please try again in 2 minutes.",
    );
    expect(errorMessage("RATE_LIMITED", "en", { retryAfterSeconds: 5 })).toBe(
      "Too many requests. Please try again in 1 minute.",
    );
    expect(errorMessage("RATE_LIMITED", "th")).toBe("มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง");
  });

  it("says which plan limit was reached, when the error's fields tell", () => {
    const limit = (fields?: Record<string, string>) => ({
      en: errorMessage("PLAN_LIMIT_REACHED", "en", { fields }),
      th: errorMessage("PLAN_LIMIT_REACHED", "th", { fields }),
    });
    expect(limit({ plan: "trialEnded" }).en).toMatch(/free trial has ended/);
    expect(limit({ plan: "trialEnded" }).th).toMatch(/ทดลองใช้ฟรีสิ้นสุดแล้ว/);
    expect(limit({ plan: "bots" }).en).toMatch(/another bot/);
    expect(limit({ limit: "apiKeys" }).en).toMatch(/API keys/);
    expect(limit({ limit: "personas" }).th).toMatch(/เพอร์โซนา/);
    expect(limit().en).toBe("Your plan's limit is reached. Upgrade your plan to add more.");
  });
});
