import type { WorkspaceRole, WorkspaceSummaryDto } from "@jai/contracts/inbox";
import {
  Bell,
  Bot,
  ChartColumn,
  CreditCard,
  Inbox,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Sheet,
  ShieldCheck,
  Sparkles,
  Store,
  UserRound,
  Users,
  UsersRound,
  Webhook,
} from "lucide-react";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { LocaleNavLink } from "~/components/layout/locale-link";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { consoleMessages } from "./messages";
import { WorkspaceSwitcher } from "./workspace-switcher";

/** What the console layout route's loader hands the layout (routes/console-layout.tsx). */
export type ConsoleLayoutData = {
  owner: { name: string; email: string };
  /** The workspace the console acts in, the member's role there, and their other workspaces. */
  workspace: { id: string; name: string; role: WorkspaceRole };
  workspaces: WorkspaceSummaryDto[];
  /** Shows the marketplace review entry (filled by the marketplace's admin check). */
  isAdmin: boolean;
};

type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The pages an agent may open (the inbox and their own alerts); the rest need an admin. */
const agentPages = new Set(["/app/inbox", "/app/notifications", "/account"]);

/** The console's frame: its navigation (a side column, a scrolling row on phones) and the page. */
export function ConsoleLayout({
  data,
  banners,
}: {
  data: ConsoleLayoutData;
  /** The plan's notices (trial, payment, read-only, users per month) above every page. */
  banners?: ReactNode;
}) {
  const m = useMessages(consoleMessages);
  const all: NavItem[] = [
    { to: "/app", label: m.nav.overview, icon: LayoutDashboard, end: true },
    { to: "/app/inbox", label: m.nav.inbox, icon: Inbox },
    { to: "/app/analytics", label: m.nav.analytics, icon: ChartColumn },
    { to: "/app/improve", label: m.nav.improve, icon: Sparkles },
    { to: "/app/data", label: m.nav.data, icon: Sheet },
    { to: "/app/personas", label: m.nav.personas, icon: Users },
    { to: "/app/bots", label: m.nav.bots, icon: Bot },
    { to: "/app/api-keys", label: m.nav.apiKeys, icon: KeyRound },
    { to: "/app/webhooks", label: m.nav.webhooks, icon: Webhook },
    { to: "/app/marketplace", label: m.nav.marketplace, icon: Store },
    ...(data.isAdmin
      ? [{ to: "/app/admin/marketplace", label: m.nav.adminMarketplace, icon: ShieldCheck }]
      : []),
    { to: "/app/team", label: m.nav.team, icon: UsersRound },
    { to: "/app/settings", label: m.nav.settings, icon: Settings },
    { to: "/app/notifications", label: m.nav.notifications, icon: Bell },
    { to: "/app/billing", label: m.nav.billing, icon: CreditCard },
    { to: "/account", label: m.nav.account, icon: UserRound },
  ];
  const items =
    data.workspace.role === "agent" ? all.filter((item) => agentPages.has(item.to)) : all;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row md:py-10 lg:px-8">
      <nav
        aria-label={m.nav.label}
        className="-mx-4 shrink-0 overflow-x-auto border-b px-4 md:mx-0 md:w-52 md:overflow-visible md:border-b-0 md:px-0"
      >
        <WorkspaceSwitcher current={data.workspace.id} workspaces={data.workspaces} />
        <ul className="flex gap-1 pb-2 md:sticky md:top-24 md:flex-col md:pb-0">
          {items.map((item) => (
            <li key={item.to}>
              <LocaleNavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isActive && "bg-accent text-accent-foreground",
                  )
                }
              >
                <item.icon className="size-4 shrink-0" aria-hidden="true" />
                {item.label}
              </LocaleNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        {banners}
        <Outlet />
      </div>
    </div>
  );
}
