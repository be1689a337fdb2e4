import { CircleAlert, CircleCheck } from "lucide-react";
import { cn } from "~/lib/cn";

type ContactResultBannerProps = {
  isSuccess: boolean;
  title: string;
  message: string;
  id?: string;
};

/**
 * The outcome of a form posted without JavaScript (with it, toasts tell). A success is announced
 * politely, a failure at once.
 */
export function ContactResultBanner({ isSuccess, title, message, id }: ContactResultBannerProps) {
  const Icon = isSuccess ? CircleCheck : CircleAlert;
  return (
    <div
      id={id}
      role={isSuccess ? "status" : "alert"}
      className={cn(
        "mb-6 flex gap-3 rounded-lg border p-4 text-sm",
        isSuccess
          ? "border-success/40 bg-success/10 text-success"
          : "border-destructive/40 bg-destructive/10 text-destructive",
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1">{message}</p>
      </div>
    </div>
  );
}
