import type { ReactNode } from "react";
import { Card, CardContent } from "~/components/ui/card";
import { keepThaiWords } from "~/lib/thai-line-breaks";

/** One of the page's three parts: a card with a heading (a landmark named by it). */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`data-${id}`}>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <div>
            <h2 id={`${id}-title`} className="font-semibold text-xl">
              {keepThaiWords(title)}
            </h2>
            <p className="mt-1 text-muted-foreground text-sm">{keepThaiWords(intro)}</p>
          </div>
          {children}
        </CardContent>
      </Card>
    </section>
  );
}
