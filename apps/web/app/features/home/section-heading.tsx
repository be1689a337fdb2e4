import { cn } from "~/lib/cn";

/** Small label above a heading; upper-case and letter-spaced in English only (Thai has no case). */
export const eyebrowClass =
  "font-semibold text-sm [&:lang(en)]:uppercase [&:lang(en)]:tracking-wider";

type SectionHeadingProps = {
  /** Used as the section's aria-labelledby target. */
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  className?: string;
};

/** The centred eyebrow + h2 + subtitle every landing-page section opens with. */
export function SectionHeading({ id, eyebrow, title, subtitle, className }: SectionHeadingProps) {
  return (
    <div className={cn("mx-auto max-w-3xl text-center", className)}>
      {eyebrow ? <p className={cn(eyebrowClass, "text-primary")}>{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-balance font-bold text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      {subtitle ? (
        <p className="mt-4 text-pretty text-lg text-muted-foreground">{subtitle}</p>
      ) : null}
    </div>
  );
}
