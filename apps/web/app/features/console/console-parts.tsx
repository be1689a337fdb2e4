import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/dialog";
import { useMessages } from "~/i18n/use-locale";
import { consoleMessages } from "./messages";

/** A console page's heading, intro and main actions. */
export function ConsolePageHeader({
  title,
  intro,
  actions,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        {intro ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A field's error from the server, tied to its input by id (aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {message}
    </p>
  );
}

export function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
      <p className="font-semibold text-lg">{title}</p>
      <p className="max-w-md text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}

/** A spinner for pending buttons. */
export function Spinner() {
  return <LoaderCircle className="animate-spin" aria-hidden="true" />;
}

/**
 * "Are you sure?" before something that cannot be undone. Stays open while `onConfirm` runs and
 * shows its error (e.g. a persona still in use) inside the dialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  pendingLabel,
  isPending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  error?: string | null;
  onConfirm: () => void;
}) {
  const m = useMessages(consoleMessages);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        {error ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{m.common.cancel}</AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm} disabled={isPending}>
            {isPending ? <Spinner /> : null}
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
