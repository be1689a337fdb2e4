import { Toaster as Sonner, toast } from "sonner";

/** Toasts sit bottom-right; Alt+T focuses them (seed section 9). */
export function Toaster() {
  return <Sonner position="bottom-right" hotkey={["altKey", "KeyT"]} richColors closeButton />;
}

export { toast };
