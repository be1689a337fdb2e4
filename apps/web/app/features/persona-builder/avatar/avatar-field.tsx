import { avatarImageId, avatarLimits } from "@jai/contracts/avatar-limits";
import { personaAvatarEmoji } from "@jai/contracts/persona";
import { ImageUp, LoaderCircle, Trash2 } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { PersonaAvatar } from "~/components/avatar/persona-avatar";
import { Button } from "~/components/ui/button";
import type { Locale } from "~/i18n/locale";
import { cn } from "~/lib/cn";
import { avatarMessages } from "./messages";
import { checkAvatarFile, uploadAvatar } from "./upload-avatar";

/** The emoji a persona can pick as its avatar (the contract accepts these, see isPersonaAvatar). */
export const avatarEmoji = personaAvatarEmoji;

type Upload =
  | { phase: "idle" }
  | { phase: "uploading"; share: number }
  | { phase: "failed"; message: string };

/**
 * The persona's avatar: one of eight emoji (a radio group), or an uploaded image (PNG, JPEG or
 * WebP up to 5 MB; checked here first for a clear message, then checked, cropped and stored by
 * the server). `value` is the emoji or the image's URL ("/api/avatars/<id>"); removing the image
 * goes back to the emoji picked before it.
 */
export function AvatarField({
  value,
  onChange,
  locale,
}: {
  value: string;
  onChange(value: string): void;
  locale: Locale;
}) {
  const m = avatarMessages[locale];
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ phase: "idle" });
  const lastEmoji = useRef<string>(avatarEmoji[0]);
  const controller = useRef<AbortController | null>(null);
  const hasImage = avatarImageId(value) !== null;
  if (!hasImage && value) lastEmoji.current = value;

  useEffect(() => () => controller.current?.abort(), []);

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again after an error must fire `change` again.
    event.target.value = "";
    if (!file) return;
    const problem = checkAvatarFile(file, locale);
    if (problem) return setUpload({ phase: "failed", message: problem });
    controller.current?.abort();
    controller.current = new AbortController();
    setUpload({ phase: "uploading", share: 0 });
    try {
      const url = await uploadAvatar(file, locale, {
        signal: controller.current.signal,
        onProgress: (share) => setUpload({ phase: "uploading", share }),
      });
      setUpload({ phase: "idle" });
      onChange(url);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setUpload({
        phase: "failed",
        message: error instanceof Error ? error.message : m.errors.failed,
      });
    }
  }

  const isUploading = upload.phase === "uploading";
  return (
    <fieldset className="grid gap-3" aria-describedby={`${id}-hint`}>
      <legend className="mb-2 font-medium text-sm">{m.label}</legend>
      <div role="radiogroup" aria-label={m.emojiGroup} className="flex flex-wrap gap-2">
        {avatarEmoji.map((emoji) => (
          <label
            key={emoji}
            className={cn(
              "flex size-11 cursor-pointer items-center justify-center rounded-xl border text-2xl transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              value === emoji && "border-primary bg-accent ring-2 ring-primary/40",
            )}
          >
            <input
              type="radio"
              name={`${id}-emoji`}
              value={emoji}
              checked={value === emoji}
              onChange={() => onChange(emoji)}
              aria-label={m.emojiNames[emoji] ?? emoji}
              className="sr-only"
            />
            <span aria-hidden="true">{emoji}</span>
          </label>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {hasImage && <PersonaAvatar avatar={value} name="" size="md" />}
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={avatarLimits.acceptedTypes.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFileChosen}
          data-testid="avatar-file-input"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={isUploading}
          onClick={() => fileInput.current?.click()}
        >
          {isUploading ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <ImageUp aria-hidden="true" />
          )}
          {isUploading ? m.uploading : hasImage ? m.replace : m.upload}
        </Button>
        {hasImage && !isUploading && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setUpload({ phase: "idle" });
              onChange(lastEmoji.current);
            }}
          >
            <Trash2 aria-hidden="true" />
            {m.remove}
          </Button>
        )}
        {isUploading && (
          <progress
            className="h-2 w-32 overflow-hidden rounded-full accent-primary"
            max={1}
            value={upload.share}
            aria-label={m.uploading}
          />
        )}
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {m.hint}
      </p>
      <p role="alert" className="text-destructive text-sm">
        {upload.phase === "failed" ? upload.message : ""}
      </p>
    </fieldset>
  );
}
