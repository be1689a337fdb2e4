import { type BillingProfileDto, headOfficeBranch, isThaiTaxId } from "@jai/contracts/billing";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { useLocale } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { BillingApi } from "./billing-api";
import type { BillingMessages, ProfileField } from "./messages";
import { describedBy, Field, Notice, Section } from "./parts";

const textFields: ProfileField[] = ["companyName", "address", "taxId", "branch", "invoiceEmail"];
type Errors = Partial<Record<ProfileField, string>>;
type Values = Record<ProfileField, string> & { withholdsTax: boolean; locale: "th" | "en" };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's problems, field by field, in the page's words (the server checks again). */
export function checkProfile(m: BillingMessages, values: Values): Errors {
  const e = m.profile.errors;
  const errors: Errors = {};
  const v = (field: ProfileField) => values[field].trim();
  if (v("companyName").length > 200) errors.companyName = e.companyName;
  if (v("address").length > 500) errors.address = e.address;
  if (v("taxId") && !isThaiTaxId(v("taxId"))) errors.taxId = e.taxId;
  if (v("branch") && !/^\d{5}$/.test(v("branch"))) errors.branch = e.branch;
  if (v("invoiceEmail") && !emailPattern.test(v("invoiceEmail"))) {
    errors.invoiceEmail = e.invoiceEmail;
  }
  // A tax invoice names the buyer fully: the three go together, or none.
  const company = (["companyName", "address", "taxId"] as const).filter((field) => v(field));
  if (company.length > 0 && company.length < 3) {
    for (const field of ["companyName", "address", "taxId"] as const) {
      if (!v(field)) errors[field] = e.companyNeeded;
    }
  }
  return errors;
}

function toValues(profile: BillingProfileDto, locale: "th" | "en"): Values {
  return {
    companyName: profile.companyName ?? "",
    address: profile.address ?? "",
    taxId: profile.taxId ?? "",
    branch: profile.branch ?? headOfficeBranch,
    invoiceEmail: profile.invoiceEmail ?? "",
    withholdsTax: profile.withholdsTax,
    locale: profile.locale ?? locale,
  };
}

/** The buyer's details for tax invoices, the invoice address and the documents' language. */
export function ProfileSection({
  m,
  api,
  profile,
  onSaved,
}: {
  m: BillingMessages;
  api: BillingApi;
  profile: BillingProfileDto;
  onSaved: (profile: BillingProfileDto) => void;
}) {
  const locale = useLocale();
  const t = m.profile;
  const prefix = useId();
  const id = (field: string) => `${prefix}-${field}`;
  const [values, setValues] = useState<Values>(() => toValues(profile, locale));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const refs = useRef<Partial<Record<ProfileField, HTMLInputElement | HTMLTextAreaElement | null>>>(
    {},
  );
  const set = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = textFields.find((field) => found[field]);
    if (first) refs.current[first]?.focus();
    return first !== undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (showErrors(checkProfile(m, values))) return;
    const blank = (value: string) => (value.trim() === "" ? null : value.trim());
    const body: BillingProfileDto = {
      companyName: blank(values.companyName),
      address: blank(values.address),
      taxId: blank(values.taxId),
      branch: blank(values.branch) ?? headOfficeBranch,
      invoiceEmail: blank(values.invoiceEmail),
      withholdsTax: values.withholdsTax,
      locale: values.locale,
    };
    setBusy(true);
    const result = await api.saveProfile(body);
    setBusy(false);
    if (!result.ok) {
      const fields = result.error.fields ?? {};
      const found: Errors = {};
      for (const field of textFields) if (fields[field]) found[field] = t.errors[field];
      if (!showErrors(found)) {
        setFormError(result.status === 0 ? m.networkError : result.error.message || m.unknownError);
      }
      return;
    }
    toast.success(t.saved);
    onSaved(result.data ?? body);
  };

  const textInput = (field: ProfileField, props: Record<string, unknown> = {}) => (
    <Input
      id={id(field)}
      ref={(element) => {
        refs.current[field] = element;
      }}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      disabled={busy}
      data-testid={`profile-${field}`}
      {...describedBy(id(field), {
        error: errors[field],
        hint: field === "taxId" || field === "branch" || field === "invoiceEmail",
      })}
      {...props}
    />
  );

  return (
    <Section id="profile" title={t.title} intro={t.intro}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t.title}>
        <Field
          id={id("companyName")}
          label={t.companyName}
          error={errors.companyName}
          className="sm:col-span-2"
        >
          {textInput("companyName", { autoComplete: "organization", maxLength: 200 })}
        </Field>
        <Field
          id={id("address")}
          label={t.address}
          error={errors.address}
          className="sm:col-span-2"
        >
          <Textarea
            id={id("address")}
            ref={(element) => {
              refs.current.address = element;
            }}
            value={values.address}
            onChange={(event) => set("address", event.target.value)}
            disabled={busy}
            rows={3}
            maxLength={500}
            autoComplete="street-address"
            data-testid="profile-address"
            {...describedBy(id("address"), { error: errors.address })}
          />
        </Field>
        <Field id={id("taxId")} label={t.taxId} hint={t.taxIdHint} error={errors.taxId}>
          {textInput("taxId", { inputMode: "numeric", maxLength: 13 })}
        </Field>
        <Field
          id={id("branch")}
          label={t.branch}
          hint={
            values.branch.trim() === headOfficeBranch
              ? `${t.headOffice} · ${t.branchHint}`
              : t.branchHint
          }
          error={errors.branch}
        >
          {textInput("branch", { inputMode: "numeric", maxLength: 5 })}
        </Field>
        <Field
          id={id("invoiceEmail")}
          label={t.invoiceEmail}
          hint={t.invoiceEmailHint}
          error={errors.invoiceEmail}
          className="sm:col-span-2"
        >
          {textInput("invoiceEmail", {
            type: "email",
            inputMode: "email",
            autoComplete: "email",
            maxLength: 254,
          })}
        </Field>
        <div className="flex items-start gap-2 sm:col-span-2">
          <input
            id={id("withholdsTax")}
            type="checkbox"
            checked={values.withholdsTax}
            onChange={(event) =>
              setValues((current) => ({ ...current, withholdsTax: event.target.checked }))
            }
            disabled={busy}
            className="mt-1 size-4 accent-primary"
            aria-describedby={`${id("withholdsTax")}-hint`}
            data-testid="profile-withholdsTax"
          />
          <div>
            <label htmlFor={id("withholdsTax")} className="font-medium text-sm">
              {t.withholdsTax}
            </label>
            <p id={`${id("withholdsTax")}-hint`} className="text-muted-foreground text-xs">
              {keepThaiWords(t.withholdsTaxHint)}
            </p>
          </div>
        </div>
        <Field id={id("locale")} label={t.locale}>
          <NativeSelect
            id={id("locale")}
            value={values.locale}
            onChange={(event) =>
              setValues((current) => ({ ...current, locale: event.target.value as "th" | "en" }))
            }
            disabled={busy}
          >
            <option value="th">{t.locales.th}</option>
            <option value="en">{t.locales.en}</option>
          </NativeSelect>
        </Field>
        <div className="flex items-end sm:col-span-2">
          <Button type="submit" disabled={busy} data-testid="profile-save">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {busy ? t.saving : t.save}
          </Button>
        </div>
        {formError ? (
          <div className="sm:col-span-2">
            <Notice tone="error">{formError}</Notice>
          </div>
        ) : null}
      </form>
    </Section>
  );
}
