import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { cn } from "~/lib/cn";

type AccountSectionProps = {
  id: string;
  title: string;
  intro?: ReactNode;
  /** Next to the title (a status badge). */
  badge?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
};

/** One titled card of the account page; the title labels the region for assistive technology. */
export function AccountSection({
  id,
  title,
  intro,
  badge,
  tone = "default",
  children,
}: AccountSectionProps) {
  return (
    <Card
      role="region"
      aria-labelledby={`${id}-title`}
      className={cn(tone === "danger" && "border-destructive/40")}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <h2
            id={`${id}-title`}
            className={cn("font-semibold text-xl", tone === "danger" && "text-destructive")}
          >
            {title}
          </h2>
          {badge}
        </div>
        {intro ? <CardDescription>{intro}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
