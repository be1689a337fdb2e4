import {
  type MarketplaceCategory,
  type MarketplaceLanguage,
  marketplaceCategories,
  marketplaceLanguages,
  marketplaceLimits,
  type OwnListingDto,
} from "@jai/contracts/marketplace";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
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
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { type Locale, localizePath } from "~/i18n/locale";
import { type MarketplaceApiError, marketplaceRequest } from "./marketplace-api";
import { marketplaceMessages } from "./messages";

export type SubmitToMarketplaceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The saved persona to submit; null while it is unsaved (the dialog then says so). */
  personaId: string | null;
  locale: Locale;
  /** Preselects the language (e.g. the persona's own). */
  defaultLanguage?: MarketplaceLanguage;
  /** Called with the new listing once it is submitted. */
  onSubmitted?: (listing: OwnListingDto) => void;
  /**
   * The owner's personas to pick from, when the dialog is not opened on one persona (the
   * console's marketplace page); `personaId` then preselects one.
   */
  personas?: ReadonlyArray<{ id: string; name: string; language: MarketplaceLanguage }>;
};

/** The owner's console page that shows each listing's review status. */
export const ownListingsPath = "/app/marketplace";

/**
 * Submits a saved persona to the marketplace: category, language and an optional summary. On
 * success it closes with a toast ("pending review") that links to the console's status page.
 */
export function SubmitToMarketplaceDialog({
  open,
  onOpenChange,
  personaId,
  locale,
  defaultLanguage = "english",
  onSubmitted,
  personas,
}: SubmitToMarketplaceDialogProps) {
  const m = marketplaceMessages[locale];
  const navigate = useNavigate();
  const id = useId();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [category, setCategory] = useState<MarketplaceCategory>("ecommerce");
  const [language, setLanguage] = useState<MarketplaceLanguage>(defaultLanguage);
  const [summary, setSummary] = useState("");
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<MarketplaceApiError | null>(null);

  useEffect(() => {
    if (!open) return;
    const initial = personaId ?? personas?.[0]?.id ?? null;
    setSelectedId(initial);
    setLanguage(personas?.find((persona) => persona.id === initial)?.language ?? defaultLanguage);
    setError(null);
  }, [open, personaId, personas, defaultLanguage]);

  function selectPersona(id: string) {
    setSelectedId(id);
    const persona = personas?.find((candidate) => candidate.id === id);
    if (persona) setLanguage(persona.language);
  }

  const fieldError = (name: string) => {
    const code = error?.fields?.[name];
    if (!code) return undefined;
    return code in m.fieldErrors ? m.fieldErrors[code as keyof typeof m.fieldErrors] : code;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!selectedId || isPending) return;
    setIsPending(true);
    setError(null);
    const result = await marketplaceRequest<OwnListingDto>("/listings", {
      method: "POST",
      body: { personaId: selectedId, category, language, summary },
      locale,
    });
    setIsPending(false);
    if (!result.ok) {
      const message =
        result.error.code === "NETWORK"
          ? m.common.networkError
          : result.error.message || m.common.unknownError;
      setError({ ...result.error, message });
      return;
    }
    onOpenChange(false);
    setSummary("");
    onSubmitted?.(result.data);
    const statusPath = localizePath(ownListingsPath, locale);
    toast.success(m.submit.success, {
      description: m.submit.successDescription,
      action: { label: m.submit.viewStatus, onClick: () => navigate(statusPath) },
    });
  }

  const summaryError = fieldError("summary");
  const formError = !error
    ? undefined
    : !error.fields
      ? error.message
      : error.fields.name
        ? m.submit.nameRequired
        : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.common.close}>
        <DialogHeader>
          <DialogTitle>{m.submit.title}</DialogTitle>
          <DialogDescription>{m.submit.description}</DialogDescription>
        </DialogHeader>
        {selectedId ? (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            {personas ? (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-persona`}>{m.submit.persona}</Label>
                <NativeSelect
                  id={`${id}-persona`}
                  value={selectedId}
                  onChange={(event) => selectPersona(event.target.value)}
                >
                  {personas.map((persona) => (
                    <option key={persona.id} value={persona.id}>
                      {persona.name || m.submit.unnamed}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ) : null}
            <fieldset className="grid gap-2">
              <legend className="mb-2 font-medium text-sm">{m.submit.category}</legend>
              <div className="grid grid-cols-2 gap-2">
                {marketplaceCategories.map((value) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                  >
                    <input
                      type="radio"
                      name="category"
                      value={value}
                      checked={category === value}
                      onChange={() => setCategory(value)}
                      className="accent-primary"
                    />
                    {m.categories[value]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-language`}>{m.submit.language}</Label>
              <NativeSelect
                id={`${id}-language`}
                value={language}
                onChange={(event) => setLanguage(event.target.value as MarketplaceLanguage)}
                aria-describedby={`${id}-language-hint`}
              >
                {marketplaceLanguages.map((value) => (
                  <option key={value} value={value}>
                    {m.languages[value]}
                  </option>
                ))}
              </NativeSelect>
              <p id={`${id}-language-hint`} className="text-muted-foreground text-sm">
                {m.submit.languageHint}
              </p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-summary`}>{m.submit.summary}</Label>
              <Textarea
                id={`${id}-summary`}
                value={summary}
                onChange={(event) => setSummary(event.target.value)}
                maxLength={marketplaceLimits.summary}
                rows={3}
                aria-invalid={summaryError ? true : undefined}
                aria-describedby={`${id}-summary-hint${summaryError ? ` ${id}-summary-error` : ""}`}
              />
              <p id={`${id}-summary-hint`} className="text-muted-foreground text-sm">
                {m.submit.summaryHint(marketplaceLimits.summary)}
              </p>
              {summaryError ? (
                <p id={`${id}-summary-error`} className="text-destructive text-sm">
                  {summaryError}
                </p>
              ) : null}
            </div>
            {formError ? (
              <p role="alert" className="text-destructive text-sm">
                {formError}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {m.common.cancel}
              </Button>
              <Button type="submit" disabled={isPending}>
                {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {isPending ? m.submit.submitting : m.submit.submit}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <p role="alert" className="text-sm">
            {personas ? m.submit.noPersonas : m.submit.noPersona}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
