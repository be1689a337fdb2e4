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
import type { PersonaBuilderMessages } from "./messages";
import { PersonaSummary } from "./persona-summary";

export function PersonaCardDialog({
  open,
  onOpenChange,
  persona,
  m,
  onPreview,
  onEdit,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  persona: Persona;
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
        <div className="rounded-xl border bg-card p-5 shadow-sm">
          <PersonaSummary persona={persona} m={m} />
        </div>
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
