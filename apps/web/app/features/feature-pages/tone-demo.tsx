import { Flower2 } from "lucide-react";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { TonesVisualText } from "./types";

/** The eight tones as chips, with a persona card showing the selected (first) one. */
export function ToneDemo({ text }: { text: TonesVisualText }) {
  const selectedTone = text.tones[0];
  return (
    <figure className="mx-auto w-full max-w-md">
      <div className="rounded-3xl border bg-card p-6 shadow-xl shadow-primary/10">
        <p className="font-semibold text-muted-foreground text-xs uppercase tracking-wider">
          {text.toneLabel}
        </p>
        <ul aria-label={text.toneLabel} className="mt-3 flex flex-wrap gap-2">
          {text.tones.map((tone) => (
            <li
              key={tone}
              className={cn(
                "rounded-full border px-3 py-1 font-medium text-sm",
                tone === selectedTone
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-background text-foreground",
              )}
            >
              {tone}
            </li>
          ))}
        </ul>
        <div className="mt-6 rounded-2xl border bg-gradient-to-br from-brand-soft to-background p-5">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-primary to-brand-violet text-primary-foreground"
            >
              <Flower2 className="size-6" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold leading-tight">{text.persona.name}</p>
              <p className="text-muted-foreground text-sm">{text.persona.role}</p>
            </div>
            <span className="rounded-full bg-accent px-2.5 py-0.5 font-semibold text-accent-foreground text-xs">
              {selectedTone}
            </span>
          </div>
          <p className="mt-4 rounded-2xl rounded-tl-md bg-card px-4 py-3 text-sm leading-relaxed shadow-sm">
            {keepThaiWords(text.persona.greeting)}
          </p>
        </div>
      </div>
      <figcaption className="mt-4 text-center text-muted-foreground text-sm">
        {keepThaiWords(text.caption)}
      </figcaption>
    </figure>
  );
}
