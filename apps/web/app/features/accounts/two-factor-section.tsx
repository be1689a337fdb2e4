import { brand } from "@jai/contracts";
import { CurrentPasswordSchema, TotpCodeSchema } from "@jai/contracts/accounts";
import { z } from "@jai/contracts/zod";
import { Copy, LoaderCircle, ShieldCheck, ShieldOff } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useMessages } from "~/i18n/use-locale";
import { emitAuthEvent } from "~/lib/accounts-client";
import { AccountSection } from "./account-section";
import { AuthField, describedBy } from "./auth-field";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { PasswordInput } from "./password-input";
import { readField, useAuthForm } from "./use-auth-form";

type Setup = { totpSecret: string; totpQrSvg: string; backupCodes: string[] };

/**
 * The flows around TOTP: turn on (password → QR code and key → first code → backup codes shown
 * once), new backup codes (password), turn off (password).
 */
type Mode =
  | { step: "idle" }
  | { step: "password"; purpose: "enable" | "disable" | "regenerate" }
  | { step: "scan"; setup: Setup }
  | { step: "codes"; codes: string[] };

const PasswordOnly = z.object({ password: CurrentPasswordSchema });

export function TwoFactorSection({ isEnabled }: { isEnabled: boolean }) {
  const m = useMessages(accountMessages);
  const t = m.account.twoFactor;
  const form = useAuthForm();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<Mode>({ step: "idle" });
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;

  const reset = () => {
    form.setNotice(null);
    form.setFieldErrors({});
  };
  const open = (purpose: "enable" | "disable" | "regenerate") => {
    reset();
    setMode({ step: "password", purpose });
  };

  const onPassword =
    (purpose: "enable" | "disable" | "regenerate") => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      void form.submit(async () => {
        const input = form.validate(PasswordOnly, { password: readField(element, "password") });
        if (!input) return;
        if (purpose === "enable") {
          const result = await form.request<Setup>("/two-factor/enable", input);
          if (!result.ok) return form.showError(result.error);
          reset();
          setMode({ step: "scan", setup: result.data });
        } else if (purpose === "regenerate") {
          const result = await form.request<{ backupCodes: string[] }>(
            "/two-factor/generate-backup-codes",
            input,
          );
          if (!result.ok) return form.showError(result.error);
          reset();
          setMode({ step: "codes", codes: result.data.backupCodes });
        } else {
          const result = await form.request("/two-factor/disable", input);
          if (!result.ok) return form.showError(result.error);
          setMode({ step: "idle" });
          form.setNotice({ tone: "success", text: t.disabled });
          await emitAuthEvent("USER_UPDATED");
          await revalidator.revalidate();
        }
      });
    };

  const onCode = (setup: Setup) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const code = form.validate(TotpCodeSchema, readField(element, "code"));
      if (code === undefined) {
        form.setFieldErrors({ code: m.issues.invalidCode });
        return;
      }
      const result = await form.request("/two-factor/verify-totp", { code });
      if (!result.ok) return form.showError(result.error);
      reset();
      setMode({ step: "codes", codes: setup.backupCodes });
      form.setNotice({ tone: "success", text: t.enabled });
      await emitAuthEvent("USER_UPDATED");
    });
  };

  const badge = (
    <Badge variant={isEnabled ? "success" : "outline"} data-testid="two-factor-status">
      {isEnabled ? t.on : t.off}
    </Badge>
  );
  const notice = form.notice ? (
    <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage>
  ) : null;
  const pending = form.isSubmitting ? (
    <LoaderCircle className="animate-spin" aria-hidden="true" />
  ) : null;

  let body: React.ReactNode;
  if (mode.step === "password") {
    const purpose = mode.purpose;
    body = (
      <form method="post" noValidate onSubmit={onPassword(purpose)} className="flex flex-col gap-4">
        {notice}
        <p className="text-sm">
          {purpose === "disable"
            ? t.disableIntro
            : purpose === "regenerate"
              ? t.regenerateIntro
              : t.confirmPassword}
        </p>
        <AuthField id={id("password")} label={m.fields.password} error={form.fieldErrors.password}>
          <PasswordInput
            id={id("password")}
            name="password"
            autoComplete="current-password"
            required
            autoFocus
            onChange={() => form.clearFieldError("password")}
            {...describedBy(id("password"), { error: form.fieldErrors.password })}
          />
        </AuthField>
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            variant={purpose === "disable" ? "destructive" : "default"}
            disabled={form.isSubmitting}
          >
            {pending}
            {purpose === "disable"
              ? t.disable
              : purpose === "regenerate"
                ? t.regenerate
                : t.continue}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              reset();
              setMode({ step: "idle" });
            }}
          >
            {m.account.cancel}
          </Button>
        </div>
      </form>
    );
  } else if (mode.step === "scan") {
    const { setup } = mode;
    body = (
      <form method="post" noValidate onSubmit={onCode(setup)} className="flex flex-col gap-4">
        {notice}
        <p className="text-sm">{t.scan(brand.name)}</p>
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <img
            src={`data:image/svg+xml;base64,${btoa(setup.totpQrSvg)}`}
            alt={t.qrAlt}
            width={176}
            height={176}
            className="size-44 rounded-lg border bg-white p-2"
          />
          <div className="min-w-0">
            <p className="font-medium text-sm">{t.manualKey}</p>
            <code
              data-testid="totp-secret"
              className="mt-1 block break-all rounded-md bg-muted px-2 py-1.5 font-mono text-sm tracking-wider"
            >
              {setup.totpSecret.match(/.{1,4}/g)?.join(" ")}
            </code>
          </div>
        </div>
        <AuthField id={id("code")} label={t.enterCode} error={form.fieldErrors.code}>
          <Input
            id={id("code")}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            placeholder={m.placeholders.totpCode}
            className="max-w-40 text-center font-mono text-lg tracking-[0.3em]"
            onChange={() => form.clearFieldError("code")}
            {...describedBy(id("code"), { error: form.fieldErrors.code })}
          />
        </AuthField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={form.isSubmitting}>
            {pending ?? <ShieldCheck aria-hidden="true" />}
            {t.verify}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              reset();
              setMode({ step: "idle" });
            }}
          >
            {m.account.cancel}
          </Button>
        </div>
      </form>
    );
  } else if (mode.step === "codes") {
    body = (
      <BackupCodes
        codes={mode.codes}
        notice={notice}
        onDone={async () => {
          reset();
          setMode({ step: "idle" });
          await revalidator.revalidate();
        }}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        {notice}
        {isEnabled ? (
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => open("regenerate")}>
              {t.regenerate}
            </Button>
            <Button variant="outline" onClick={() => open("disable")}>
              <ShieldOff aria-hidden="true" />
              {t.disable}
            </Button>
          </div>
        ) : (
          <Button className="self-start" onClick={() => open("enable")}>
            <ShieldCheck aria-hidden="true" />
            {t.enable}
          </Button>
        )}
      </div>
    );
  }

  return (
    <AccountSection
      id="two-factor"
      title={t.title}
      intro={isEnabled ? t.introOn : t.introOff}
      badge={badge}
    >
      {body}
    </AccountSection>
  );
}

function BackupCodes({
  codes,
  notice,
  onDone,
}: {
  codes: string[];
  notice: React.ReactNode;
  onDone: () => void | Promise<void>;
}) {
  const m = useMessages(accountMessages);
  const t = m.account.twoFactor;
  const [isCopied, setIsCopied] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      {notice}
      <div>
        <h3 className="font-semibold">{t.backupTitle}</h3>
        <p className="mt-1 text-muted-foreground text-sm">{t.backupIntro}</p>
      </div>
      <ul
        data-testid="backup-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-4 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join("\n")).then(() => setIsCopied(true));
          }}
        >
          <Copy aria-hidden="true" />
          {isCopied ? t.copied : t.copy}
        </Button>
        <Button type="button" onClick={() => void onDone()}>
          {t.savedThem}
        </Button>
      </div>
    </div>
  );
}
