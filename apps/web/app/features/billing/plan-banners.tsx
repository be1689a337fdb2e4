import { AlertTriangle, ArrowRight, Info } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { formatDay } from "./format";
import { billingMessages } from "./messages";
import type { PlanBanner } from "./plan-banner-list";

const countFormat = new Intl.NumberFormat("th-TH");

/**
 * The plan's notices above every console page, each with a link to the billing page. Agents
 * cannot pay: they see only what stops the workspace (trial over, read-only), with whom to ask.
 */
export function PlanBanners({ banners, canManage }: { banners: PlanBanner[]; canManage: boolean }) {
  const m = useMessages(billingMessages);
  const locale = useLocale();
  const shown = canManage
    ? banners
    : banners.filter((banner) => banner.kind === "trialOver" || banner.kind === "readOnly");
  if (shown.length === 0) return null;
  const t = m.banners;
  const text = (banner: PlanBanner): string => {
    if (!canManage) return t.agentPaused;
    switch (banner.kind) {
      case "trialEnding":
        return t.trialEnding(formatDay(banner.at, locale));
      case "trialOver":
        return t.trialOver;
      case "pastDue":
        return t.pastDue(banner.nextRetryAt ? formatDay(banner.nextRetryAt, locale) : null);
      case "readOnly":
        return t.readOnly;
      case "usage":
        return (banner.level === 100 ? t.usageFull : t.usageHigh)(
          countFormat.format(banner.used),
          countFormat.format(banner.allowance),
        );
    }
  };
  const urgent = (banner: PlanBanner) =>
    banner.kind === "trialOver" ||
    banner.kind === "readOnly" ||
    banner.kind === "pastDue" ||
    (banner.kind === "usage" && banner.level === 100);
  return (
    <section aria-label={t.label} className="mb-6 flex flex-col gap-2" data-testid="plan-banners">
      {shown.map((banner) => {
        const Icon = urgent(banner) ? AlertTriangle : Info;
        return (
          <div
            key={banner.kind}
            data-testid={`plan-banner-${banner.kind}`}
            className={cn(
              "flex flex-col gap-2 rounded-lg border p-3 text-sm sm:flex-row sm:items-center sm:justify-between",
              urgent(banner)
                ? "border-destructive/40 bg-destructive/10 text-destructive"
                : "border-amber-300 bg-amber-50 text-amber-950",
            )}
          >
            <p className="flex items-start gap-2">
              <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{keepThaiWords(text(banner))}</span>
            </p>
            {canManage ? (
              <LocaleLink
                to="/app/billing"
                className="inline-flex shrink-0 items-center gap-1 self-start rounded-sm font-semibold underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:self-auto"
              >
                {t.action}
                <ArrowRight className="size-4" aria-hidden="true" />
              </LocaleLink>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
