import {
  type ContactField as ContactFieldName,
  ContactReasons,
  contactHoneypotFieldName,
  contactLimits,
  type PlanId,
  planIds,
} from "@jai/contracts";
import { LoaderCircle, Send, Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useSearchParams } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { ContactField } from "./contact-field";
import type { ContactFormResult } from "./contact-form-result";
import { ContactResultBanner } from "./contact-result-banner";
import { contactMessages } from "./messages";
import { type ContactFieldError, toFieldErrors, useContactForm } from "./use-contact-form";

/** Where the browser lands after posting without JavaScript: the result, not the page top. */
const resultAnchor = "contact-result";

/** The plan a pricing card named in `/contact?plan=<id>`, if it is one. */
function toPlanId(value: string | null): PlanId | null {
  return planIds.find((id) => id === value) ?? null;
}

export function ContactForm() {
  const m = useMessages(contactMessages);
  const locale = useLocale();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Set only when the page was rendered by the route action (the form posted without JS).
  const actionResult = useActionData() as ContactFormResult | undefined;
  const failedValues = actionResult && !actionResult.ok ? actionResult.values : {};
  const { isSubmitting, fieldErrors, clearFieldError, handleSubmit } = useContactForm(
    actionResult && !actionResult.ok ? toFieldErrors(actionResult.fields) : undefined,
  );
  // The banner belongs to that post; a later (JavaScript) submission reports with toasts.
  const [isResultShown, setIsResultShown] = useState(true);
  const [searchParams] = useSearchParams();
  const [planId, setPlanId] = useState<PlanId | null>(null);
  // Native constraint validation helps only without JavaScript; with it, the shared schema
  // decides and the seed's toasts explain.
  const [isHydrated, setIsHydrated] = useState(false);

  useEffect(() => setIsHydrated(true), []);

  // Pages are prerendered without a query string, so `?plan=` is applied after hydration: the
  // reason becomes "sales" and the subject names the plan, unless the visitor already chose.
  const planParam = searchParams.get("plan");
  useEffect(() => setPlanId(toPlanId(planParam)), [planParam]);
  const planName = planId ? m.plans[planId] : null;
  const subjectForPlan = planName ? m.form.subjectForPlan(planName) : null;
  useEffect(() => {
    const form = formRef.current;
    if (!form || !subjectForPlan) return;
    const reason = form.elements.namedItem("reason");
    const subject = form.elements.namedItem("subject");
    if (reason instanceof HTMLSelectElement && reason.value === "") reason.value = "sales";
    if (subject instanceof HTMLInputElement && subject.value === "") subject.value = subjectForPlan;
  }, [subjectForPlan]);

  const id = (field: string) => `${idPrefix}-${field}`;
  const errorText = (field: ContactFieldName): string | undefined => {
    const error: ContactFieldError | undefined = fieldErrors[field];
    if (!error) return undefined;
    if ("text" in error) return error.text;
    if (error.kind === "missing" && field === "reason") return m.fieldErrors.reasonMissing;
    if (error.kind === "tooLong" && field in contactLimits) {
      return m.fieldErrors.tooLong(contactLimits[field as keyof typeof contactLimits]);
    }
    return m.fieldErrors[error.kind === "tooLong" ? "invalid" : error.kind];
  };
  /** aria attributes that tie a control to its inline error. */
  const invalidProps = (field: ContactFieldName) =>
    fieldErrors[field]
      ? { "aria-invalid": true as const, "aria-describedby": `${id(field)}-error` }
      : {};
  const fieldProps = (field: ContactFieldName, isRequired: boolean) => ({
    label: m.form.labels[field as keyof typeof m.form.labels],
    id: id(field),
    isRequired,
    optionalText: m.form.optional,
    error: errorText(field),
  });

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLElement && "name" in target && typeof target.name === "string") {
      clearFieldError(target.name);
    }
  };

  return (
    <Card className="relative overflow-clip shadow-lg shadow-primary/5">
      <div
        className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-primary to-brand-violet"
        aria-hidden="true"
      />
      <CardHeader>
        <h2 className="font-semibold text-2xl leading-tight">{m.form.title}</h2>
        <CardDescription>{m.form.requiredNote}</CardDescription>
        {planName ? (
          <p className="mt-2 inline-flex w-fit items-center gap-2 rounded-full bg-accent px-3 py-1 font-medium text-accent-foreground text-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            {m.form.planNotice(planName)}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {actionResult && isResultShown ? (
          <ContactResultBanner
            id={resultAnchor}
            isSuccess={actionResult.ok}
            title={actionResult.ok ? m.success.title : m.failure.title}
            message={actionResult.ok ? actionResult.message : actionResult.error.message}
          />
        ) : null}
        <Form
          ref={formRef}
          method="post"
          action={`#${resultAnchor}`}
          noValidate={isHydrated}
          onSubmit={(event) => {
            setIsResultShown(false);
            return handleSubmit(event);
          }}
          onChange={onChange}
          aria-busy={isSubmitting || undefined}
          className="grid gap-5 sm:grid-cols-2"
        >
          <input type="hidden" name="language" value={locale} />
          <ContactField {...fieldProps("name", true)}>
            <Input
              id={id("name")}
              name="name"
              defaultValue={failedValues.name}
              autoComplete="name"
              required
              maxLength={contactLimits.name}
              placeholder={m.form.placeholders.name}
              {...invalidProps("name")}
            />
          </ContactField>
          <ContactField {...fieldProps("email", true)}>
            <Input
              id={id("email")}
              name="email"
              defaultValue={failedValues.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={contactLimits.email}
              placeholder={m.form.placeholders.email}
              {...invalidProps("email")}
            />
          </ContactField>
          <ContactField {...fieldProps("company", false)}>
            <Input
              id={id("company")}
              name="company"
              defaultValue={failedValues.company}
              autoComplete="organization"
              maxLength={contactLimits.company}
              placeholder={m.form.placeholders.company}
              {...invalidProps("company")}
            />
          </ContactField>
          <ContactField {...fieldProps("phone", false)}>
            <Input
              id={id("phone")}
              name="phone"
              defaultValue={failedValues.phone}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              pattern="[0-9 +\-\(\)]*"
              maxLength={contactLimits.phone}
              placeholder={m.form.placeholders.phone}
              {...invalidProps("phone")}
            />
          </ContactField>
          <ContactField {...fieldProps("reason", true)} className="sm:col-span-2">
            <NativeSelect
              id={id("reason")}
              name="reason"
              required
              defaultValue={failedValues.reason ?? ""}
              {...invalidProps("reason")}
            >
              <option value="" disabled>
                {m.form.reasonPlaceholder}
              </option>
              {ContactReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {m.form.reasons[reason]}
                </option>
              ))}
            </NativeSelect>
          </ContactField>
          <ContactField {...fieldProps("subject", true)} className="sm:col-span-2">
            <Input
              id={id("subject")}
              name="subject"
              defaultValue={failedValues.subject}
              autoComplete="off"
              required
              maxLength={contactLimits.subject}
              placeholder={subjectForPlan ?? m.form.placeholders.subject}
              {...invalidProps("subject")}
            />
          </ContactField>
          <ContactField {...fieldProps("message", true)} className="sm:col-span-2">
            <Textarea
              id={id("message")}
              name="message"
              defaultValue={failedValues.message}
              rows={5}
              required
              maxLength={contactLimits.message}
              placeholder={m.form.placeholders.message}
              {...invalidProps("message")}
            />
          </ContactField>
          {/* Bots fill every field they find; people never see or reach this one. */}
          <div
            aria-hidden="true"
            className="absolute top-auto -left-[10000px] size-px overflow-hidden"
          >
            <label htmlFor={id(contactHoneypotFieldName)}>{m.form.honeypotLabel}</label>
            <input
              id={id(contactHoneypotFieldName)}
              type="text"
              name={contactHoneypotFieldName}
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
          <div className="flex flex-col-reverse gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-muted-foreground text-xs">
              {m.form.privacyBefore}{" "}
              <LocaleLink
                to="/privacy-policy"
                className="rounded-sm text-primary underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {m.form.privacyLink}
              </LocaleLink>
              {m.form.privacyAfter}
            </p>
            <Button
              type="submit"
              variant="hero"
              size="lg"
              disabled={isSubmitting}
              className="w-full sm:w-auto sm:min-w-44"
            >
              {isSubmitting ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
              {isSubmitting ? m.form.sending : m.form.submit}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
