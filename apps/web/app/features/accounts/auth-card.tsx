import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { useMessages } from "~/i18n/use-locale";
import { accountMessages } from "./messages";

type AuthCardProps = {
  icon: LucideIcon;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card ("New here? Create an account"). */
  footer?: ReactNode;
};

/** The one-column card every sign-in, sign-up and recovery page is. */
export function AuthCard({ icon: Icon, title, intro, children, footer }: AuthCardProps) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12 sm:py-16">
      <Card className="relative overflow-clip shadow-lg shadow-primary/5">
        <div
          className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-primary to-brand-violet"
          aria-hidden="true"
        />
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-md">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          {intro ? <CardDescription className="text-base">{intro}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          <NoScriptNotice />
          {children}
        </CardContent>
      </Card>
      {footer ? <div className="text-center text-muted-foreground text-sm">{footer}</div> : null}
    </section>
  );
}

/** Account forms talk to the server with JavaScript; without it, say so instead of failing. */
export function NoScriptNotice() {
  const m = useMessages(accountMessages);
  return (
    <noscript>
      <p className="mb-4 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm">
        {m.needsJavaScript}
      </p>
    </noscript>
  );
}
