import { type ComponentType, useEffect, useState } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

// Toasts only matter once someone acts, so their library loads at the first toast, keeping it out
// of every page's JavaScript until then (Alt+T has nothing to focus before a toast exists).
let sonnerModule: Promise<typeof import("sonner")> | undefined;
const loadSonner = () => {
  sonnerModule ??= import("sonner");
  return sonnerModule;
};

let resolveMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});
let requestToaster: (() => void) | undefined;
// A toast raised before the Toaster's effect has run (an error page's own effect runs first)
// is remembered, and the Toaster loads as soon as it mounts.
let isToasterWanted = false;

/** Toasts sit bottom-right; Alt+T focuses them (seed section 9). */
export function Toaster() {
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(() => {
    let isCancelled = false;
    requestToaster = () => {
      void loadSonner().then((module) => {
        if (!isCancelled) setSonner(() => module.Toaster);
      });
    };
    if (isToasterWanted) requestToaster();
    return () => {
      isCancelled = true;
      requestToaster = undefined;
    };
  }, []);

  // Runs after sonner's own effects, so its toast store has a subscriber.
  useEffect(() => {
    if (Sonner) resolveMounted();
  }, [Sonner]);

  if (!Sonner) return null;
  return <Sonner position="bottom-right" hotkey={["altKey", "KeyT"]} richColors closeButton />;
}

type ToastKind = "message" | "success" | "error";

async function show(kind: ToastKind, title: string, options?: ExternalToast) {
  isToasterWanted = true;
  requestToaster?.();
  const { toast: sonnerToast } = await loadSonner();
  await toasterMounted;
  if (kind === "message") sonnerToast(title, options);
  else sonnerToast[kind](title, options);
}

export const toast = {
  message: (title: string, options?: ExternalToast) => void show("message", title, options),
  success: (title: string, options?: ExternalToast) => void show("success", title, options),
  error: (title: string, options?: ExternalToast) => void show("error", title, options),
};
