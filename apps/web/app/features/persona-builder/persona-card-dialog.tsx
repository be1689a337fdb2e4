import type { Persona } from "@jai/contracts/persona";
import { MessageCircle, Pencil } from "lucide-react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { Locale } from "~/i18n/locale";
import { PersonaCard } from "./card-export/persona-card";
import type { PersonaBuilderMessages } from "./messages";

export function PersonaCardDialog({
  open,
  onOpenChange,
  persona,
  locale,
  m,
  onPreview,
  onEdit,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  persona: Persona;
  locale: Locale;
  m: PersonaBuilderMessages;
  /** Opens the live preview. */
  onPreview(): void;
  /** Back to the Identity tab. */
  onEdit(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.closeLabel}>
        <DialogHeader>
          <DialogTitle>{m.card.title}</DialogTitle>
          <DialogDescription>{m.card.description}</DialogDescription>
        </DialogHeader>
        <PersonaCard persona={persona} locale={locale} />
        <DialogFooter>
          <Button variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            {m.card.edit}
          </Button>
          <Button onClick={onPreview}>
            <MessageCircle aria-hidden="true" />
            {m.card.preview}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
