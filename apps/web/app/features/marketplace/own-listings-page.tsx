import type { MarketplaceLanguage, OwnListingDto } from "@jai/contracts/marketplace";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { localizePath } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";
import { ListingAvatar } from "./listing-avatar";
import { ListingDate } from "./listing-date";
import { ListingStatusBadge } from "./listing-status-badge";
import { marketplaceMessages } from "./messages";
import { SubmitToMarketplaceDialog } from "./submit-to-marketplace-dialog";

/** What the /app/marketplace loader hands the page. */
export type OwnListingsPageData = {
  listings: OwnListingDto[];
  /** The owner's personas, to submit one from here. */
  personas: Array<{ id: string; name: string; language: MarketplaceLanguage }>;
  isAdmin: boolean;
};

/** The owner's marketplace submissions with their review status, newest first. */
export function OwnListingsPage({ data }: { data: OwnListingsPageData }) {
  const locale = useLocale();
  const m = marketplaceMessages[locale];
  const revalidator = useRevalidator();
  const [isSubmitOpen, setIsSubmitOpen] = useState(false);
  return (
    <>
      <SubmitToMarketplaceDialog
        open={isSubmitOpen}
        onOpenChange={setIsSubmitOpen}
        personaId={null}
        personas={data.personas}
        locale={locale}
        onSubmitted={() => void revalidator.revalidate()}
      />
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{m.mine.title}</h1>
          <p className="mt-1 text-muted-foreground">{m.mine.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {data.isAdmin ? (
            <Button asChild variant="outline">
              <Link to={localizePath("/app/admin/marketplace", locale)}>{m.mine.adminLink}</Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={localizePath("/features/marketplace", locale)}>{m.mine.toMarketplace}</Link>
          </Button>
          <Button onClick={() => setIsSubmitOpen(true)}>{m.submit.open}</Button>
        </div>
      </header>
      {data.listings.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <p className="font-semibold text-lg">{m.mine.emptyTitle}</p>
          <p className="max-w-md text-muted-foreground">{m.mine.emptyText}</p>
          <Button asChild>
            <Link to={localizePath("/persona-builder", locale)}>{m.mine.toBuilder}</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4">
          {data.listings.map((listing) => (
            <li key={listing.id}>
              <article
                aria-label={listing.name}
                className="flex flex-wrap items-start gap-4 rounded-xl border bg-card p-5"
              >
                <ListingAvatar avatar={listing.avatar} name={listing.name} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="break-words font-semibold text-lg">{listing.name}</h2>
                    <ListingStatusBadge status={listing.status} />
                  </div>
                  <div className="mt-1 flex flex-wrap gap-2">
                    <Badge variant="secondary">{m.categories[listing.category]}</Badge>
                    <Badge variant="outline">{m.languages[listing.language]}</Badge>
                  </div>
                  {listing.summary ? <p className="mt-2 text-sm">{listing.summary}</p> : null}
                  <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-muted-foreground text-sm">
                    <div className="flex gap-1">
                      <dt>{m.mine.submitted}:</dt>
                      <dd>
                        <ListingDate iso={listing.createdAt} />
                      </dd>
                    </div>
                    {listing.reviewedAt ? (
                      <div className="flex gap-1">
                        <dt>{m.mine.reviewed}:</dt>
                        <dd>
                          <ListingDate iso={listing.reviewedAt} />
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                  {listing.status === "approved" ? (
                    <p className="mt-1 text-muted-foreground text-sm">
                      {m.mine.clones(listing.cloneCount)}
                    </p>
                  ) : null}
                  {listing.status === "rejected" && listing.reviewNote ? (
                    <div className="mt-3 rounded-md border-destructive border-l-4 bg-muted/50 p-3 text-sm">
                      <p className="font-medium">{m.mine.reviewNote}</p>
                      <p className="whitespace-pre-line">{listing.reviewNote}</p>
                    </div>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
