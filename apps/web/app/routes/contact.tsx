import { brand } from "@jai/contracts";
import { ContactPage } from "~/features/contact/contact-page";
import { contactMessages } from "~/features/contact/messages";
import { submitContactForm } from "~/features/contact/submit-contact-form.server";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/contact";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const m = contactMessages[locale];
  return pageMeta({
    locale,
    path: "/contact",
    title: m.meta.title,
    description: m.meta.description(brand.name),
    publicUrl: getPublicUrl(matches),
  });
}

// The page is prerendered; a form posted without JavaScript reaches the server and lands here.
// With JavaScript the form posts JSON to /api/contact instead (same limit, schema and service).
export async function action({ request, context }: Route.ActionArgs) {
  return submitContactForm(request, context);
}

/** Passes the action's Retry-After (429) on to the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function ContactRoute() {
  return <ContactPage />;
}
