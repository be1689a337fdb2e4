import { contactHoneypotFieldName } from "@jai/contracts";
import { AppError, errorMessage, errorStatus } from "@jai/contracts/app-error";
import { type AppLoadContext, data } from "react-router";
import { getLocaleFromPath } from "~/i18n/locale";
import { describeError } from "../../../server/logger";
import type { ContactFormResult } from "./contact-form-result";
import { contactMessages } from "./messages";
import { contactFormFields } from "./use-contact-form";

/**
 * The contact route's action: the same limit, schema and service as `POST /api/contact`, for a
 * form posted without JavaScript. Answers the page's own language.
 */
export async function submitContactForm(request: Request, context: AppLoadContext) {
  const locale = getLocaleFromPath(new URL(request.url).pathname);
  const { services, clientIp } = context;
  // Prerendering never posts; a server always passes its services.
  if (!services) throw new Response("Service unavailable", { status: 503 });

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(contactFormFields.map((field) => [field, read(field)]));

  try {
    await services.rateLimits.contact.consume(services.clientKey(clientIp));
    await services.contact.submit({
      input: { ...values, honeypot: read(contactHoneypotFieldName), language: locale },
      ip: clientIp,
      userAgent: request.headers.get("user-agent") ?? undefined,
    });
    return data<ContactFormResult>({ ok: true, message: contactMessages[locale].success.received });
  } catch (error) {
    if (!(error instanceof AppError)) {
      services.logger.error("contact form failed", describeError(error));
    }
    const code = error instanceof AppError ? error.code : "INTERNAL";
    const retryAfterSeconds = error instanceof AppError ? error.retryAfterSeconds : undefined;
    return data<ContactFormResult>(
      {
        ok: false,
        error: { code, message: errorMessage(code, locale, { retryAfterSeconds }) },
        fields: (error instanceof AppError && error.fields) || {},
        values,
      },
      {
        status: errorStatus[code],
        headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
      },
    );
  }
}
