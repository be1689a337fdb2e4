import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { accountMessages } from "../app/features/accounts/messages";
import { waitForEmail } from "./server-mail";
import { expect } from "./support";

const password = "a long and happy passphrase";

/**
 * Mali, a shop's bot that follows the customer's language, with its opening hours as an FAQ in
 * English and in Thai: the bot most browser tests chat with.
 */
export const shopPersona = {
  name: "Mali",
  language: "auto",
  faqs: [
    { question: "When are you open?", answer: "Every day from 9 to 5." },
    { question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ" },
  ],
};

/**
 * An owner made through the API as a person would (sign up, the .eml's link, sign in) with one
 * bot on `persona`; returns the bot's id. The request context keeps the owner's session.
 */
export async function createOwnerBot(
  request: APIRequestContext,
  baseURL: string,
  { persona, name = "Shop Helper" }: { persona: Record<string, unknown>; name?: string },
): Promise<string> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const headers = { Origin: baseURL };
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { name: "Malee Owner", email, password },
  });
  expect(signUp.ok()).toBe(true);
  const mail = await waitForEmail(accountMessages.en.emails.verifyEmail.subject("Jai"), {
    to: email,
  });
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  await request.get(`${link.pathname}${link.search}`);
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email, password },
  });
  expect(signIn.ok()).toBe(true);
  const created = await request.post("/api/console/personas", { headers, data: persona });
  expect(created.ok(), await created.text()).toBe(true);
  const bot = await request.post("/api/console/bots", {
    headers,
    data: { personaId: (await created.json()).id, name },
  });
  expect(bot.ok(), await bot.text()).toBe(true);
  return (await bot.json()).id as string;
}
