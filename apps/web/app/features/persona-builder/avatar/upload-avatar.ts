import { avatarLimits } from "@jai/contracts/avatar-limits";
import type { Locale } from "~/i18n/locale";
import { type AvatarErrorKey, avatarMessages } from "./messages";

/** An upload that failed, with a message for the person who chose the file. */
export class AvatarUploadError extends Error {
  override name = "AvatarUploadError";
}

/** A file the server would refuse for its type or size: the message to show; null if fine. */
export function checkAvatarFile(file: File, locale: Locale): string | null {
  const errors = avatarMessages[locale].errors;
  if (!(avatarLimits.acceptedTypes as readonly string[]).includes(file.type)) return errors.type;
  if (file.size > avatarLimits.maxBytes) return errors.tooLarge;
  return null;
}

/**
 * Sends the file to POST /api/avatars and resolves with the avatar's URL. `onProgress` gets the
 * share sent (0 to 1); XMLHttpRequest, since fetch cannot report upload progress. Rejects with
 * an AvatarUploadError whose message is localized.
 */
export function uploadAvatar(
  file: File,
  locale: Locale,
  { onProgress, signal }: { onProgress?(share: number): void; signal?: AbortSignal } = {},
): Promise<string> {
  const errors = avatarMessages[locale].errors;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/avatars");
    request.responseType = "json";
    request.setRequestHeader("Accept-Language", locale);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.response;
      if (request.status === 201 && isUploaded(body)) return resolve(body.url);
      reject(new AvatarUploadError(errorFor(request.status, body, errors)));
    };
    request.onerror = () => reject(new AvatarUploadError(errors.failed));
    request.onabort = () => reject(new DOMException("upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    form.set("file", file);
    request.send(form);
  });
}

function isUploaded(body: unknown): body is { id: string; url: string } {
  return (
    typeof body === "object" &&
    body !== null &&
    typeof (body as { url?: unknown }).url === "string" &&
    (body as { url: string }).url.startsWith("/api/avatars/")
  );
}

function errorFor(
  status: number,
  body: unknown,
  errors: (typeof avatarMessages)["en"]["errors"],
): string {
  const key = (body as { error?: { fields?: { file?: unknown } } } | null)?.error?.fields?.file;
  if (typeof key === "string" && key in errors) return errors[key as AvatarErrorKey];
  if (status === 413) return errors.tooLarge;
  if (status === 415) return errors.type;
  if (status === 429) return errors.rateLimited;
  return errors.failed;
}
