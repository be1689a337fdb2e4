import {
  type ClonedListingDto,
  type MarketplaceCategory,
  marketplaceCategories,
  type PublicListingDto,
  type PublicListingPageDto,
} from "@jai/contracts/marketplace";
import { LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { type Locale, localizePath } from "~/i18n/locale";
import { isSuggestedRole, personaRoleText } from "~/i18n/persona-labels";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { hasSessionHint } from "~/lib/session-hint";
import { ListingAvatar } from "./listing-avatar";
import { marketplaceRequest } from "./marketplace-api";
import { type MarketplaceMessages, marketplaceMessages } from "./messages";

/** Anchor of the section (sign-in brings visitors back to it). */
export const communityPersonasId = "community-personas";

type Filter = MarketplaceCategory | "all";
type LoadState =
  | { kind: "loading" }
  | { kind: "error" }
  | { kind: "ready"; listings: PublicListingDto[]; nextCursor: string | null };

/**
 * Approved community personas on the (prerendered) marketplace page: loaded from the public API
 * after hydration, filtered by category, each with its details and a Clone button. Signed-out
 * visitors get a link to sign in that brings them back here.
 */
export function CommunityPersonas() {
  const locale = useLocale();
  const m = marketplaceMessages[locale];
  const headingId = useId();
  const [filter, setFilter] = useState<Filter>("all");
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [isSignedIn, setIsSignedIn] = useState(false);
  // Bumped by "Try again" to load the same filter again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => setIsSignedIn(hasSessionHint()), []);

  const load = useCallback(
    async (category: Filter, cursor?: string) => {
      const query = new URLSearchParams();
      if (category !== "all") query.set("category", category);
      if (cursor) query.set("cursor", cursor);
      const search = query.size > 0 ? `?${query}` : "";
      return marketplaceRequest<PublicListingPageDto>(`/listings${search}`, { locale });
    },
    [locale],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes to load again
  useEffect(() => {
    let isCurrent = true;
    setState({ kind: "loading" });
    void load(filter).then((result) => {
      if (!isCurrent) return;
      setState(
        result.ok
          ? { kind: "ready", listings: result.data.listings, nextCursor: result.data.nextCursor }
          : { kind: "error" },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [filter, load, attempt]);

  async function loadMore() {
    if (state.kind !== "ready" || !state.nextCursor || isLoadingMore) return;
    setIsLoadingMore(true);
    const result = await load(filter, state.nextCursor);
    setIsLoadingMore(false);
    if (!result.ok) {
      toast.error(m.community.error);
      return;
    }
    setState({
      kind: "ready",
      listings: [...state.listings, ...result.data.listings],
      nextCursor: result.data.nextCursor,
    });
  }

  return (
    <section
      id={communityPersonasId}
      aria-labelledby={headingId}
      className="scroll-mt-20 py-16 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2
            id={headingId}
            className="text-balance font-bold text-3xl tracking-tight sm:text-4xl [&:lang(th)]:leading-snug"
          >
            {m.community.title}
          </h2>
          <p className="mt-4 text-pretty text-lg text-muted-foreground leading-relaxed">
            {m.community.intro}
          </p>
        </div>
        <fieldset className="mt-10 flex flex-wrap justify-center gap-2">
          <legend className="sr-only">{m.community.filterLabel}</legend>
          {(["all", ...marketplaceCategories] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={cn(
                "rounded-full border px-4 py-1.5 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                filter === value
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-background hover:bg-accent",
              )}
            >
              {value === "all" ? m.community.all : m.categories[value]}
            </button>
          ))}
        </fieldset>
        <div className="mt-10" aria-live="polite" aria-busy={state.kind === "loading"}>
          {state.kind === "loading" ? (
            <p className="flex items-center justify-center gap-2 text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {m.community.loading}
            </p>
          ) : state.kind === "error" ? (
            <div className="flex flex-col items-center gap-3 text-center">
              <p role="alert">{m.community.error}</p>
              <Button variant="outline" onClick={() => setAttempt((count) => count + 1)}>
                {m.community.retry}
              </Button>
            </div>
          ) : state.listings.length === 0 ? (
            <p className="mx-auto max-w-xl rounded-xl border border-dashed p-8 text-center text-muted-foreground">
              {m.community.empty}
            </p>
          ) : (
            <>
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {state.listings.map((listing) => (
                  <li key={listing.id}>
                    <ListingCard
                      listing={listing}
                      locale={locale}
                      m={m}
                      isSignedIn={isSignedIn}
                      onSignedOut={() => setIsSignedIn(false)}
                    />
                  </li>
                ))}
              </ul>
              {state.nextCursor ? (
                <div className="mt-8 flex justify-center">
                  <Button variant="outline" onClick={loadMore} disabled={isLoadingMore}>
                    {m.community.loadMore}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function ListingCard({
  listing,
  locale,
  m,
  isSignedIn,
  onSignedOut,
}: {
  listing: PublicListingDto;
  locale: Locale;
  m: MarketplaceMessages;
  isSignedIn: boolean;
  onSignedOut: () => void;
}) {
  const detailsId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isCloning, setIsCloning] = useState(false);
  const [clonedId, setClonedId] = useState<string | null>(null);
  const [cloneCount, setCloneCount] = useState(listing.cloneCount);
  const here = `${localizePath("/features/marketplace", locale)}#${communityPersonasId}`;
  const signInPath = `${localizePath("/sign-in", locale)}?next=${encodeURIComponent(here)}`;

  async function clone() {
    if (isCloning) return;
    setIsCloning(true);
    const result = await marketplaceRequest<ClonedListingDto>(`/listings/${listing.id}/clone`, {
      method: "POST",
      locale,
    });
    setIsCloning(false);
    if (!result.ok) {
      if (result.status === 401) onSignedOut();
      else
        toast.error(
          result.error.code === "NETWORK"
            ? m.common.networkError
            : result.error.message || m.common.unknownError,
        );
      return;
    }
    setClonedId(result.data.personaId);
    setCloneCount((count) => count + 1);
    toast.success(m.community.cloned(listing.name));
  }

  return (
    <article
      aria-label={listing.name}
      className="flex h-full flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm"
    >
      <header className="flex items-start gap-4">
        <ListingAvatar avatar={listing.avatar} name={listing.name} />
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-bold text-lg" data-user-content>
            {listing.name}
          </h3>
          {listing.role ? (
            <p
              className="text-muted-foreground text-sm"
              data-user-content={isSuggestedRole(listing.role.trim()) ? undefined : true}
            >
              {personaRoleText(listing.role, locale)}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge variant="secondary">{m.categories[listing.category]}</Badge>
            <Badge variant="outline">{m.languages[listing.language]}</Badge>
          </div>
        </div>
      </header>
      {listing.summary ? (
        <p className="text-sm leading-relaxed" data-user-content>
          {listing.summary}
        </p>
      ) : null}
      <p className="text-muted-foreground text-xs">
        {m.community.faqCount(listing.faqCount)} · {m.community.clones(cloneCount)}
      </p>
      {isOpen ? (
        <div id={detailsId} className="grid gap-3 rounded-lg bg-muted/50 p-4 text-sm">
          {listing.bio ? (
            <p className="whitespace-pre-line" data-user-content>
              {listing.bio}
            </p>
          ) : null}
          {listing.welcomeMessage ? (
            <div>
              <p className="font-medium">{m.community.welcomeMessage}</p>
              <p className="whitespace-pre-line text-muted-foreground" data-user-content>
                {listing.welcomeMessage}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={isOpen ? detailsId : undefined}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? m.community.hideDetails : m.community.details}
        </Button>
        {clonedId ? (
          <>
            <Button asChild size="sm">
              <Link to={`${localizePath("/persona-builder", locale)}?persona=${clonedId}`}>
                {m.community.openInBuilder}
              </Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={localizePath("/app/personas", locale)}>{m.community.openPersonas}</Link>
            </Button>
          </>
        ) : isSignedIn ? (
          <Button
            size="sm"
            onClick={clone}
            disabled={isCloning}
            aria-label={m.community.cloneLabel(listing.name)}
          >
            {isCloning ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {isCloning ? m.community.cloning : m.community.clone}
          </Button>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link to={signInPath}>{m.community.signInToClone}</Link>
          </Button>
        )}
      </div>
    </article>
  );
}
