import type { BillingOverviewDto } from "@jai/contracts/billing";
import type { CardField } from "./messages";

/** What the owner typed in the card form (never sent to Jai's server). */
export type CardInput = { number: string; name: string; expiry: string; cvc: string };
export type CardForm = BillingOverviewDto["cardForm"];

/** Has the server a payment provider the browser can tokenise cards with? */
export function hasCardForm(cardForm: CardForm | null | undefined): cardForm is CardForm {
  return Boolean(cardForm?.publicKey && cardForm.tokenizeUrl);
}

/** "4242 4242 4242 4242" → "4242424242424242". */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, "");

/** Luhn's check: catches a mistyped digit before the provider is asked. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "07/28" or "07/2028" → { month: 7, year: 2028 }; null when not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The card form's problems, field by field (empty when the card may be sent). */
export function checkCard(card: CardInput, now = new Date()): Partial<Record<CardField, true>> {
  const problems: Partial<Record<CardField, true>> = {};
  const digits = cardDigits(card.number);
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) problems.number = true;
  if (card.name.trim().length === 0 || card.name.length > 100) problems.name = true;
  const expiry = parseExpiry(card.expiry);
  const thisMonth = now.getFullYear() * 12 + now.getMonth() + 1;
  if (
    !expiry ||
    expiry.year * 12 + expiry.month < thisMonth ||
    expiry.year > now.getFullYear() + 20
  ) {
    problems.expiry = true;
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.cvc = true;
  return problems;
}

export type TokenizeResult =
  | { ok: true; token: string }
  | { ok: false; kind: "rejected"; message: string }
  | { ok: false; kind: "network" };

/**
 * Sends the card straight from the browser to the provider with its publishable key: the card
 * number never reaches Jai's server, which only gets the token. Omise (Opn Payments): JSON to
 * its vault with Basic auth of the public key; Stripe: a form-encoded payment method with the
 * publishable key as a bearer token.
 */
export async function tokenizeCard(cardForm: CardForm, card: CardInput): Promise<TokenizeResult> {
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { ok: false, kind: "rejected", message: "" };
  const number = cardDigits(card.number);
  let response: Response;
  try {
    if (cardForm.provider === "stripe") {
      const body = new URLSearchParams({
        type: "card",
        "card[number]": number,
        "card[exp_month]": String(expiry.month),
        "card[exp_year]": String(expiry.year),
        "card[cvc]": card.cvc.trim(),
        "billing_details[name]": card.name.trim(),
      });
      response = await fetch(cardForm.tokenizeUrl, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${cardForm.publicKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: body.toString(),
      });
    } else {
      response = await fetch(cardForm.tokenizeUrl, {
        method: "POST",
        headers: {
          Authorization: `Basic ${btoa(`${cardForm.publicKey}:`)}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({
          card: {
            name: card.name.trim(),
            number,
            expiration_month: expiry.month,
            expiration_year: expiry.year,
            security_code: card.cvc.trim(),
          },
        }),
      });
    }
  } catch {
    return { ok: false, kind: "network" };
  }
  const payload = (await response.json().catch(() => null)) as {
    id?: unknown;
    object?: unknown;
    message?: unknown;
    error?: { message?: unknown };
  } | null;
  if (response.ok && typeof payload?.id === "string" && payload.object !== "error") {
    return { ok: true, token: payload.id };
  }
  const message =
    typeof payload?.error?.message === "string"
      ? payload.error.message
      : typeof payload?.message === "string"
        ? payload.message
        : "";
  return { ok: false, kind: "rejected", message };
}
