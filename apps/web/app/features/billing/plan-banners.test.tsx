// @vitest-environment jsdom
import type { PlanUsageDto } from "@jai/contracts/console";
import { freeTrial, paidPlans } from "@jai/contracts/plans";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { formatDay, formatSatang } from "./format";
import { billingMessages } from "./messages";
import { type PlanBanner, planBanners } from "./plan-banner-list";
import { PlanBanners } from "./plan-banners";

const now = new Date("2026-01-15T05:00:00.000Z");

function plan(patch: Partial<PlanUsageDto> = {}): PlanUsageDto {
  return {
    planId: "free",
    billingCycle: null,
    trialEndsAt: "2026-01-20T05:00:00.000Z",
    trialExpired: false,
    requestedPlanId: null,
    allowances: freeTrial.allowances,
    usage: { bots: 1, usersThisMonth: 10 },
    ...patch,
  };
}

describe("planBanners", () => {
  it("warns 2 days before the trial ends, and when it is over", () => {
    expect(planBanners(plan(), now)).toEqual([]);
    expect(planBanners(plan({ trialEndsAt: "2026-01-17T05:00:00.000Z" }), now)).toEqual([
      { kind: "trialEnding", at: "2026-01-17T05:00:00.000Z" },
    ]);
    expect(
      planBanners(plan({ trialEndsAt: "2026-01-14T05:00:00.000Z", trialExpired: true }), now),
    ).toEqual([{ kind: "trialOver" }]);
  });

  it("names a card being retried and a read-only workspace", () => {
    const pro = { planId: "pro" as const, allowances: paidPlans.pro.allowances, trialEndsAt: null };
    expect(
      planBanners(
        plan({ ...pro, subscription: { status: "past_due", nextRetryAt: "2026-01-18T00:00:00Z" } }),
        now,
      ),
    ).toEqual([{ kind: "pastDue", nextRetryAt: "2026-01-18T00:00:00Z" }]);
    expect(
      planBanners(plan({ ...pro, subscription: { status: "read_only", nextRetryAt: null } }), now),
    ).toEqual([{ kind: "readOnly" }]);
  });

  it("counts users per month at 80% and 100% of the allowance", () => {
    const pro = { planId: "pro" as const, allowances: paidPlans.pro.allowances, trialEndsAt: null };
    expect(planBanners(plan({ ...pro, usage: { bots: 1, usersThisMonth: 7_999 } }), now)).toEqual(
      [],
    );
    expect(planBanners(plan({ ...pro, usage: { bots: 1, usersThisMonth: 8_000 } }), now)).toEqual([
      { kind: "usage", level: 80, used: 8_000, allowance: 10_000 },
    ]);
    expect(planBanners(plan({ ...pro, usage: { bots: 1, usersThisMonth: 10_250 } }), now)).toEqual([
      { kind: "usage", level: 100, used: 10_250, allowance: 10_000 },
    ]);
    const enterprise = plan({
      planId: "enterprise",
      allowances: paidPlans.enterprise.allowances,
      usage: { bots: 1, usersThisMonth: 1_000_000 },
    });
    expect(planBanners(enterprise, now)).toEqual([]);
  });
});

let shown: { banners: PlanBanner[]; canManage: boolean } = { banners: [], canManage: true };
function Page() {
  return <PlanBanners banners={shown.banners} canManage={shown.canManage} />;
}

function renderBanners(url: string, banners: PlanBanner[], canManage = true) {
  shown = { banners, canManage };
  const Stub = createRoutesStub([
    { path: "/app", Component: Page },
    { path: "/th/app", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

afterEach(cleanup);

describe("PlanBanners", () => {
  it("says the trial's end with a Buddhist-era date on Thai pages, linking to billing", () => {
    renderBanners("/th/app", [{ kind: "trialEnding", at: "2026-01-17T05:00:00.000Z" }]);
    const banner = screen.getByTestId("plan-banner-trialEnding");
    expect(formatDay("2026-01-17T05:00:00.000Z", "th")).toBe("17 ม.ค. 2569");
    expect(banner.textContent).toContain(billingMessages.th.banners.trialEnding("17 ม.ค. 2569"));
    expect(
      screen.getByRole("link", { name: billingMessages.th.banners.action }).getAttribute("href"),
    ).toBe("/th/app/billing");
  });

  it("says the users-per-month figures in English", () => {
    renderBanners("/app", [{ kind: "usage", level: 100, used: 10_250, allowance: 10_000 }]);
    expect(screen.getByTestId("plan-banner-usage").textContent).toContain(
      billingMessages.en.banners.usageFull("10,250", "10,000"),
    );
  });

  it("shows an agent only what stops the workspace, without a link", () => {
    renderBanners(
      "/app",
      [{ kind: "readOnly" }, { kind: "usage", level: 80, used: 8_000, allowance: 10_000 }],
      false,
    );
    expect(screen.getByTestId("plan-banner-readOnly").textContent).toContain(
      billingMessages.en.banners.agentPaused,
    );
    expect(screen.queryByTestId("plan-banner-usage")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("formatSatang", () => {
  it("writes baht with Thai grouping, satang only when there are some", () => {
    expect(formatSatang(2_689_200)).toBe("฿26,892");
    expect(formatSatang(75_398)).toBe("฿753.98");
    expect(formatSatang(-10_000)).toBe("-฿100");
  });
});
