import { LogIn, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { type Locale, localizePath } from "~/i18n/locale";
import type { PersonaBuilderMessages } from "./messages";

/** Where sign-in returns to: this builder, asked to save the (kept) draft at once. */
export function saveReturnPath(locale: Locale): string {
  return `${localizePath("/persona-builder", locale)}?save=1`;
}

export function SignInToSaveDialog({
  open,
  onOpenChange,
  locale,
  m,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  locale: Locale;
  m: PersonaBuilderMessages;
}) {
  const next = encodeURIComponent(saveReturnPath(locale));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={m.closeLabel}>
        <DialogHeader>
          <DialogTitle>{m.save.signInTitle}</DialogTitle>
          <DialogDescription>{m.save.signInDescription}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {m.save.notNow}
          </Button>
          <Button variant="outline" asChild>
            <Link to={`${localizePath("/sign-up", locale)}?next=${next}`}>
              <UserPlus aria-hidden="true" />
              {m.save.signUp}
            </Link>
          </Button>
          <Button asChild>
            <Link to={`${localizePath("/sign-in", locale)}?next=${next}`}>
              <LogIn aria-hidden="true" />
              {m.save.signIn}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
