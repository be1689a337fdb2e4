import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";

/** A section's centred h2 with its intro line. */
export function SectionHeading({
  id,
  title,
  intro,
  className,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto max-w-3xl text-center", className)}>
      <h2
        id={id}
        className="text-balance font-bold text-3xl tracking-tight sm:text-4xl [&:lang(th)]:leading-snug"
      >
        {keepThaiWords(title)}
      </h2>
      {intro ? (
        <p className="mt-4 text-pretty text-lg text-muted-foreground leading-relaxed">
          {keepThaiWords(intro)}
        </p>
      ) : null}
    </div>
  );
}
