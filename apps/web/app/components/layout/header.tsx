import { brand } from "@jai/contracts/brand";
import { ChevronDown, LayoutDashboard, Menu, UserRound, X } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useCommonMessages } from "~/i18n/messages";
import { cn } from "~/lib/cn";
import { useAuthSession } from "~/lib/use-auth-session";
import { LanguageToggle } from "./language-toggle";
import { LocaleLink, LocaleNavLink } from "./locale-link";
import { Logo } from "./logo";
import { NavButton } from "./nav-button";
import { featureNavItems } from "./nav-items";
import { useDismiss } from "./use-dismiss";

const linkClass =
  "rounded-md px-3 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Pages without a Thai twin (the bot chat page) have no language toggle. */
function useHasLanguageToggle(): boolean {
  const { pathname } = useLocation();
  return !pathname.startsWith("/bot/");
}

export function Header() {
  const messages = useCommonMessages();
  const hasLanguageToggle = useHasLanguageToggle();
  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <LocaleLink
          to="/"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`${brand.name}, ${messages.nav.home}`}
        >
          <Logo />
        </LocaleLink>
        <nav aria-label={messages.nav.mainNavigation} className="hidden items-center gap-1 md:flex">
          <FeaturesDropdown />
          <LocaleNavLink to="/pricing" className={linkClass}>
            {messages.nav.pricing}
          </LocaleNavLink>
          <LocaleNavLink to="/team" className={linkClass}>
            {messages.nav.aboutUs}
          </LocaleNavLink>
          <LocaleNavLink to="/contact" className={linkClass}>
            {messages.nav.contactUs}
          </LocaleNavLink>
        </nav>
        <div className="hidden items-center gap-3 md:flex">
          <AccountLink className={linkClass} />
          {hasLanguageToggle && <LanguageToggle />}
          <NavButton to="/pricing" variant="hero" className="min-w-32">
            {messages.nav.getStarted}
          </NavButton>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}

/**
 * "Sign in", or the owner's console and their name linking to their account. Pages are the same for
 * everyone (most are prerendered), so this settles after hydration from the session events
 * (anonymous visitors cause no request at all: see features/accounts/accounts-client.ts).
 */
function AccountLink({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const messages = useCommonMessages();
  const user = useAuthSession()?.user;
  if (!user) {
    return (
      <LocaleLink to="/sign-in" className={className} onClick={onNavigate}>
        {messages.nav.signIn}
      </LocaleLink>
    );
  }
  return (
    <>
      <LocaleNavLink
        to="/app"
        className={cn(className, "inline-flex items-center gap-2")}
        onClick={onNavigate}
        data-testid="header-console"
      >
        <LayoutDashboard className="size-4 shrink-0" aria-hidden="true" />
        {messages.nav.console}
      </LocaleNavLink>
      <LocaleLink
        to="/account"
        className={cn(className, "inline-flex items-center gap-2")}
        onClick={onNavigate}
        data-testid="header-account"
      >
        <UserRound className="size-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">{messages.nav.yourAccount}: </span>
        <span className="max-w-36 truncate">{user.name}</span>
      </LocaleLink>
    </>
  );
}

/**
 * The Features list as a disclosure (button + list of links), the WAI-ARIA pattern for site
 * navigation: light, and every item is a real link crawlers and keyboards can follow.
 */
function FeaturesDropdown() {
  const messages = useCommonMessages();
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  const close = useCallback((reason?: "outside" | "escape") => {
    setIsOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, isOpen, close);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes when the path changes
  useEffect(() => setIsOpen(false), [pathname]);
  // Tabbing out of the list closes it.
  useEffect(() => {
    const container = containerRef.current;
    if (!isOpen || !container) return;
    const onFocusOut = (event: FocusEvent) => {
      if (!container.contains(event.relatedTarget as Node | null)) setIsOpen(false);
    };
    container.addEventListener("focusout", onFocusOut);
    return () => container.removeEventListener("focusout", onFocusOut);
  }, [isOpen]);

  const links = () =>
    Array.from(
      containerRef.current?.querySelectorAll<HTMLAnchorElement>(`#${CSS.escape(panelId)} a`) ?? [],
    );
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setIsOpen(true);
      const first = event.key === "ArrowDown";
      requestAnimationFrame(() => focusLink(first ? 0 : -1));
    }
  };
  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: -1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusLink(target);
    }
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={cn(linkClass, "inline-flex items-center gap-1", isOpen && "bg-accent")}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={onButtonKeyDown}
      >
        {messages.nav.features}
        <ChevronDown
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      <ul
        id={panelId}
        hidden={!isOpen}
        onKeyDown={onPanelKeyDown}
        className="absolute top-full left-0 z-50 mt-2 min-w-60 rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg"
      >
        {featureNavItems.map((item) => (
          <li key={item.key}>
            <LocaleLink
              to={item.to}
              onClick={() => setIsOpen(false)}
              className="block rounded-md px-3 py-2 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground"
            >
              {messages.nav.featurePages[item.key]}
            </LocaleLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MobileMenu() {
  const messages = useCommonMessages();
  const [isOpen, setIsOpen] = useState(false);
  const [isFeaturesOpen, setIsFeaturesOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const featuresId = useId();
  const { pathname } = useLocation();
  const hasLanguageToggle = useHasLanguageToggle();

  const close = useCallback(() => {
    setIsOpen(false);
    setIsFeaturesOpen(false);
  }, []);

  // Any navigation (including back / forward) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes
  useEffect(() => {
    setIsOpen(false);
    setIsFeaturesOpen(false);
  }, [pathname]);

  // An outside click or Escape closes it.
  useDismiss(containerRef, isOpen, close);

  const itemClass =
    "block rounded-md px-3 py-2.5 font-medium text-base hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

  return (
    <div ref={containerRef} className="md:hidden">
      <button
        type="button"
        className="inline-flex size-10 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={isOpen ? messages.nav.closeMenu : messages.nav.openMenu}
        onClick={() => (isOpen ? close() : setIsOpen(true))}
      >
        {isOpen ? (
          <X className="size-6" aria-hidden="true" />
        ) : (
          <Menu className="size-6" aria-hidden="true" />
        )}
      </button>
      <nav
        id={menuId}
        aria-label={messages.nav.mainNavigation}
        hidden={!isOpen}
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b bg-background px-4 pt-2 pb-6 shadow-lg"
      >
        <button
          type="button"
          className={cn(itemClass, "flex w-full items-center justify-between text-left")}
          aria-expanded={isFeaturesOpen}
          aria-controls={featuresId}
          onClick={() => setIsFeaturesOpen((open) => !open)}
        >
          {messages.nav.features}
          <ChevronDown
            className={cn("size-5 transition-transform", isFeaturesOpen && "rotate-180")}
            aria-hidden="true"
          />
        </button>
        <ul id={featuresId} hidden={!isFeaturesOpen} className="mb-2 ml-3 border-l pl-3">
          {featureNavItems.map((item) => (
            <li key={item.key}>
              <LocaleLink to={item.to} className={itemClass} onClick={close}>
                {messages.nav.featurePages[item.key]}
              </LocaleLink>
            </li>
          ))}
        </ul>
        <LocaleLink to="/pricing" className={itemClass} onClick={close}>
          {messages.nav.pricing}
        </LocaleLink>
        <LocaleLink to="/team" className={itemClass} onClick={close}>
          {messages.nav.aboutUs}
        </LocaleLink>
        <LocaleLink to="/contact" className={itemClass} onClick={close}>
          {messages.nav.contactUs}
        </LocaleLink>
        <AccountLink className={itemClass} onNavigate={close} />
        <div className="mt-4 flex items-center gap-3 px-3">
          {hasLanguageToggle && <LanguageToggle onNavigate={close} />}
          <NavButton to="/pricing" variant="hero" className="flex-1" onNavigate={close}>
            {messages.nav.getStarted}
          </NavButton>
        </div>
      </nav>
    </div>
  );
}
