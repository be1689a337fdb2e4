import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";

type PageHeroProps = {
  icon: LucideIcon;
  eyebrow: string;
  /** The heading as phrases: each stays on one line (Thai has no spaces to break at). */
  title: readonly string[];
  intro: ReactNode;
  className?: string;
};

/** A page's eyebrow, gradient h1 and intro, as the contact and builder pages show them. */
export function PageHero({ icon: Icon, eyebrow, title, intro, className }: PageHeroProps) {
  return (
    <header className={cn("text-center", className)}>
      <p className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-background/70 px-3 py-1 font-medium text-primary text-sm">
        <Icon className="size-4" aria-hidden="true" />
        {eyebrow}
      </p>
      <h1 className="mt-5 text-balance font-bold text-4xl tracking-tight sm:text-5xl">
        <span className="inline-block bg-gradient-to-r from-primary to-brand-violet bg-clip-text text-transparent">
          {title.map((phrase) => (
            <span key={phrase} className="inline-block">
              {keepThaiWords(phrase)}
            </span>
          ))}
        </span>
      </h1>
      <p className="mx-auto mt-5 max-w-2xl text-pretty text-lg text-muted-foreground">
        {typeof intro === "string" ? keepThaiWords(intro) : intro}
      </p>
    </header>
  );
}
