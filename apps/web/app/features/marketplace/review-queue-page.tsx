import {
  type MarketplaceStatus,
  marketplaceLimits,
  marketplaceStatuses,
  type ReviewListingDto,
} from "@jai/contracts/marketplace";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { type Locale, localizePath } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { ListingAvatar } from "./listing-avatar";
import { ListingDate } from "./listing-date";
import { ListingStatusBadge } from "./listing-status-badge";
import { type MarketplaceApiResult, marketplaceRequest } from "./marketplace-api";
import { type MarketplaceMessages, marketplaceMessages } from "./messages";

/** What the /app/admin/marketplace loader hands the page. */
export type ReviewQueuePageData = { status: MarketplaceStatus; listings: ReviewListingDto[] };

/** FAQs shown in a preview; the rest are counted. */
const previewFaqs = 5;

/** The admins' review queue: one tab per status, each listing with its whole persona. */
export function ReviewQueuePage({ data }: { data: ReviewQueuePageData }) {
  const locale = useLocale();
  const m = marketplaceMessages[locale];
  const path = localizePath("/app/admin/marketplace", locale);
  return (
    <>
      <header className="mb-6">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{m.review.title}</h1>
        <p className="mt-1 text-muted-foreground">{m.review.intro}</p>
      </header>
      <nav aria-label={m.review.tabsLabel} className="mb-6 flex flex-wrap gap-2">
        {marketplaceStatuses.map((status) => (
          <Link
            key={status}
            to={status === "pending" ? path : `${path}?status=${status}`}
            aria-current={data.status === status ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 font-medium text-sm transition-colors",
              data.status === status
                ? "border-primary bg-primary text-primary-foreground"
                : "hover:bg-accent",
            )}
          >
            {m.review.tabs[status]}
          </Link>
        ))}
      </nav>
      {data.listings.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          {data.status === "pending" ? m.review.emptyPending : m.review.emptyOther}
        </p>
      ) : (
        <ul className="grid gap-6">
          {data.listings.map((listing) => (
            <li key={listing.id}>
              <ReviewCard listing={listing} locale={locale} m={m} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ReviewCard({
  listing,
  locale,
  m,
}: {
  listing: ReviewListingDto;
  locale: Locale;
  m: MarketplaceMessages;
}) {
  const revalidator = useRevalidator();
  const [isApproving, setIsApproving] = useState(false);
  const [isRejectOpen, setIsRejectOpen] = useState(false);
  const { persona } = listing;
  const faqs = persona.faqs.filter((faq) => faq.question.trim() || faq.answer.trim());

  async function approve() {
    if (isApproving) return;
    setIsApproving(true);
    const result = await marketplaceRequest(`/listings/${listing.id}/approve`, {
      method: "POST",
      locale,
    });
    setIsApproving(false);
    if (!showError(result, m)) {
      toast.success(m.review.approved(listing.name));
      await revalidator.revalidate();
    }
  }

  const text = (value: string) =>
    value.trim() ? (
      <span className="whitespace-pre-line">{value}</span>
    ) : (
      <span className="text-muted-foreground">{m.review.empty}</span>
    );

  return (
    <article aria-label={listing.name} className="rounded-xl border bg-card p-5">
      <header className="flex flex-wrap items-start gap-4">
        <ListingAvatar avatar={persona.avatar} name={listing.name} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="break-words font-semibold text-lg">{listing.name}</h2>
            <ListingStatusBadge status={listing.status} />
          </div>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge variant="secondary">{m.categories[listing.category]}</Badge>
            <Badge variant="outline">{m.languages[listing.language]}</Badge>
          </div>
          <p className="mt-2 text-muted-foreground text-sm">
            {m.review.submittedBy}: {listing.submittedBy.name} ({listing.submittedBy.email}) ·{" "}
            {m.review.submittedOn}: <ListingDate iso={listing.createdAt} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {listing.status === "pending" ? (
            <Button onClick={approve} disabled={isApproving} variant="success">
              {isApproving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {m.review.approve}
            </Button>
          ) : null}
          {listing.status !== "rejected" ? (
            <Button variant="outline" onClick={() => setIsRejectOpen(true)}>
              {listing.status === "pending" ? m.review.reject : m.review.takeDown}
            </Button>
          ) : null}
        </div>
      </header>
      {listing.reviewNote ? (
        <p className="mt-3 rounded-md bg-muted/50 p-3 text-sm">{listing.reviewNote}</p>
      ) : null}
      <details className="mt-4 rounded-lg border p-4 text-sm" open={listing.status === "pending"}>
        <summary className="cursor-pointer font-medium">{m.review.preview}</summary>
        <dl className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium">{m.review.fields.summary}</dt>
          <dd>{text(listing.summary)}</dd>
          <dt className="font-medium">{m.review.fields.role}</dt>
          <dd>{text(persona.role)}</dd>
          <dt className="font-medium">{m.review.fields.tone}</dt>
          <dd>{text([persona.tone, persona.customTone].filter(Boolean).join(" · "))}</dd>
          <dt className="font-medium">{m.review.fields.bio}</dt>
          <dd>{text(persona.bio)}</dd>
          <dt className="font-medium">{m.review.fields.welcomeMessage}</dt>
          <dd>{text(persona.welcomeMessage)}</dd>
          <dt className="font-medium">{m.review.fields.introduction}</dt>
          <dd>{text(persona.introduction)}</dd>
          <dt className="font-medium">{m.review.fields.contextInstructions}</dt>
          <dd>{text(persona.contextInstructions)}</dd>
          <dt className="font-medium">{m.review.fields.faqs}</dt>
          <dd>
            {faqs.length === 0 ? (
              text("")
            ) : (
              <ul className="grid gap-2">
                {faqs.slice(0, previewFaqs).map((faq, index) => (
                  // FAQs have no ids; their order is stable within a snapshot.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot never reorders
                  <li key={index}>
                    <p className="font-medium">{faq.question}</p>
                    <p className="whitespace-pre-line text-muted-foreground">{faq.answer}</p>
                  </li>
                ))}
                {faqs.length > previewFaqs ? <li>+{faqs.length - previewFaqs}</li> : null}
              </ul>
            )}
          </dd>
          <dt className="font-medium">{m.review.fields.knowledgeBase}</dt>
          <dd>{m.review.characters(persona.knowledgeBase.length)}</dd>
        </dl>
      </details>
      <RejectDialog
        listing={listing}
        open={isRejectOpen}
        onOpenChange={setIsRejectOpen}
        locale={locale}
        m={m}
        onRejected={() => revalidator.revalidate()}
      />
    </article>
  );
}

function RejectDialog({
  listing,
  open,
  onOpenChange,
  locale,
  m,
  onRejected,
}: {
  listing: ReviewListingDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locale: Locale;
  m: MarketplaceMessages;
  onRejected: () => Promise<void>;
}) {
  const id = useId();
  const [note, setNote] = useState("");
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (!note.trim()) {
      setError(m.fieldErrors.required);
      return;
    }
    setIsPending(true);
    setError(null);
    const result = await marketplaceRequest(`/listings/${listing.id}/reject`, {
      method: "POST",
      body: { note },
      locale,
    });
    setIsPending(false);
    if (!result.ok) {
      setError(
        result.error.code === "NETWORK"
          ? m.common.networkError
          : result.error.message || m.common.unknownError,
      );
      return;
    }
    onOpenChange(false);
    setNote("");
    toast.success(m.review.rejected(listing.name));
    await onRejected();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.common.close}>
        <DialogHeader>
          <DialogTitle>{m.review.rejectTitle(listing.name)}</DialogTitle>
          <DialogDescription>{m.review.rejectText}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={reject} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>{m.review.note}</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={marketplaceLimits.reviewNote}
              rows={4}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {m.common.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={isPending}>
              {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {m.review.confirmReject}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Shows a failed call's error in a toast; true when there was one. */
function showError(result: MarketplaceApiResult<unknown>, m: MarketplaceMessages): boolean {
  if (result.ok) return false;
  toast.error(
    result.error.code === "NETWORK"
      ? m.common.networkError
      : result.error.message || m.common.unknownError,
  );
  return true;
}
