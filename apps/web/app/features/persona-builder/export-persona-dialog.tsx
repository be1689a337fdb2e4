import { ArrowLeft, FileJson, Store } from "lucide-react";
import type { ReactNode } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { PersonaBuilderMessages } from "./messages";

/** One way to export, with what it gives. */
export function ExportOption({
  icon,
  label,
  description,
  onClick,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  description: string;
  onClick(): void;
  disabled?: boolean;
}) {
  return (
    <li>
      <Button
        variant="outline"
        className="h-auto w-full justify-start gap-3 whitespace-normal p-3 text-left"
        onClick={onClick}
        disabled={disabled}
      >
        {icon}
        <span className="grid gap-0.5">
          <span className="font-semibold">{label}</span>
          <span className="font-normal text-muted-foreground text-xs">{description}</span>
        </span>
      </Button>
    </li>
  );
}

export function ExportPersonaDialog({
  open,
  onOpenChange,
  m,
  onExportJson,
  imageOptions,
  onSubmitToMarketplace,
  isSubmitting,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  m: PersonaBuilderMessages;
  onExportJson(): void;
  /** The card as PNG and PDF (from card-export/). */
  imageOptions?: ReactNode;
  /** Saves if needed (or asks to sign in), then opens the marketplace submission. */
  onSubmitToMarketplace(): void;
  isSubmitting: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.closeLabel}>
        <DialogHeader>
          <DialogTitle>{m.exportDialog.title}</DialogTitle>
          <DialogDescription>{m.exportDialog.description}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2" aria-labelledby="export-formats">
          <h3 id="export-formats" className="font-semibold text-sm">
            {m.exportDialog.formats}
          </h3>
          <ul className="grid gap-2">
            <ExportOption
              icon={<FileJson aria-hidden="true" />}
              label={m.exportDialog.json.label}
              description={m.exportDialog.json.description}
              onClick={onExportJson}
            />
            {imageOptions}
          </ul>
        </section>
        <section
          className="grid gap-2 rounded-lg border bg-muted/40 p-4"
          aria-labelledby="export-share"
        >
          <h3 id="export-share" className="font-semibold text-sm">
            {m.exportDialog.marketplace.title}
          </h3>
          <p className="text-muted-foreground text-sm">{m.exportDialog.marketplace.description}</p>
          <Button
            className="justify-self-start"
            onClick={onSubmitToMarketplace}
            disabled={isSubmitting}
          >
            <Store aria-hidden="true" />
            {m.exportDialog.marketplace.submit}
          </Button>
        </section>
        <Button variant="ghost" className="justify-self-start" asChild>
          <LocaleLink to="/">
            <ArrowLeft aria-hidden="true" />
            {m.exportDialog.backToHome}
          </LocaleLink>
        </Button>
      </DialogContent>
    </Dialog>
  );
}
