import { SendHorizontal } from "lucide-react";
import { LogoMark } from "~/components/layout/logo";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { ChatVisualText } from "./types";

/** A still picture of a chat with a bot (real text, so it reads well and scales on phones). */
export function ChatDemo({ text }: { text: ChatVisualText }) {
  return (
    <figure className="mx-auto w-full max-w-md" data-quoted-transcript>
      <div className="overflow-hidden rounded-3xl border bg-card shadow-xl shadow-primary/10">
        <div className="flex items-center gap-3 border-b bg-gradient-to-r from-brand-soft to-background px-5 py-4">
          <span className="relative">
            <LogoMark className="size-10" />
            <span
              aria-hidden="true"
              className="-right-0.5 -bottom-0.5 absolute size-3 rounded-full border-2 border-card bg-success"
            />
          </span>
          <div>
            <p className="font-semibold leading-tight">{text.botName}</p>
            <p className="text-success text-xs">{text.status}</p>
          </div>
        </div>
        <ol aria-label={text.label} lang={text.messagesLang} className="flex flex-col gap-3 p-5">
          {text.messages.map((message) => (
            <li
              key={message.text}
              className={cn("flex", message.from === "user" ? "justify-end" : "justify-start")}
            >
              <p
                className={cn(
                  "max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed",
                  message.from === "user"
                    ? "rounded-br-md bg-primary text-primary-foreground"
                    : "rounded-bl-md bg-muted text-foreground",
                )}
              >
                {keepThaiWords(message.text)}
              </p>
            </li>
          ))}
        </ol>
        <div aria-hidden="true" className="flex items-center gap-2 border-t px-5 py-3">
          <span className="h-9 flex-1 rounded-full border bg-background" />
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <SendHorizontal className="size-4" />
          </span>
        </div>
      </div>
      <figcaption className="mt-4 text-center text-muted-foreground text-sm">
        {keepThaiWords(text.caption)}
      </figcaption>
    </figure>
  );
}
