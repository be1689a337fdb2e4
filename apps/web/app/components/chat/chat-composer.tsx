import { chatMessageLimits } from "@jai/contracts/chat";
import { ImagePlus, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";
import { useChatMessages } from "./chat-context";
import { type AttachedImage, readImageFile } from "./read-image-file";

const numberFormat = new Intl.NumberFormat("en-US");
/** The character counter appears this close to the limit. */
const counterFrom = chatMessageLimits.messageMaxChars - 500;

/**
 * The message box: a multi-line input (Enter sends, Shift+Enter adds a line), an image attach
 * control (image files only) with a preview and ×, and a send button. Nothing is sent while the
 * text is blank and no image is attached, or while a reply is pending.
 */
export function ChatComposer({
  botName,
  isReplying,
  onSend,
  onTyping,
}: {
  botName: string;
  isReplying: boolean;
  /** Called as the visitor types (the team's inbox shows it). */
  onTyping?: () => void;
  /** Returns whether the message was sent (then the box and the attachment are cleared). */
  onSend(text: string, image: AttachedImage | null): boolean;
}) {
  const m = useChatMessages();
  const [text, setText] = useState("");
  const [image, setImage] = useState<AttachedImage | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const attachRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const canSend = (text.trim() !== "" || image !== null) && !isReplying;

  // The box grows with its text, up to about six lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the text changes
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = "auto";
    textarea.style.height = `${Math.min(textarea.scrollHeight, 168)}px`;
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    if (onSend(text, image)) {
      setText("");
      setImage(null);
      textareaRef.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes) adds a line.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onFileChange = async (file: File | undefined) => {
    // Cleared so choosing the same file again still fires a change.
    if (fileRef.current) fileRef.current.value = "";
    if (!file) return;
    const result = await readImageFile(file);
    if ("problem" in result) {
      const problem = m.errors[result.problem];
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setImage(result.image);
    textareaRef.current?.focus();
  };

  const removeImage = () => {
    setImage(null);
    attachRef.current?.focus();
  };

  return (
    <form onSubmit={onSubmit} className="border-t bg-background p-3 sm:p-4">
      {image && (
        <div className="relative mb-3 inline-block">
          <img
            src={image.dataUrl}
            alt={m.imagePreviewAlt}
            className="h-20 w-auto max-w-40 rounded-lg border object-cover"
          />
          <button
            type="button"
            onClick={removeImage}
            aria-label={m.removeImage}
            className="-top-2 -right-2 absolute flex size-6 items-center justify-center rounded-full bg-foreground text-background shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="image-input"
          onChange={(event) => void onFileChange(event.target.files?.[0])}
        />
        <Button
          ref={attachRef}
          type="button"
          variant="outline"
          size="icon"
          className="shrink-0"
          aria-label={m.attachImage}
          title={m.attachImage}
          onClick={() => fileRef.current?.click()}
        >
          <ImagePlus aria-hidden="true" />
        </Button>
        <textarea
          ref={textareaRef}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onTyping?.();
          }}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={chatMessageLimits.messageMaxChars}
          placeholder={m.placeholder(botName)}
          aria-label={m.messageLabel}
          aria-describedby={hintId}
          enterKeyHint="send"
          className={cn(
            "max-h-42 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base leading-6 placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm",
          )}
        />
        <Button
          type="submit"
          size="icon"
          className="shrink-0"
          disabled={!canSend}
          aria-label={m.send}
          title={m.send}
        >
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <p id={hintId} className="mt-1.5 flex justify-between gap-2 text-muted-foreground text-xs">
        <span className="hidden sm:inline">{m.composerHint}</span>
        {text.length >= counterFrom && (
          <span className="ml-auto">
            {m.characters(
              numberFormat.format(text.length),
              numberFormat.format(chatMessageLimits.messageMaxChars),
            )}
          </span>
        )}
      </p>
    </form>
  );
}
