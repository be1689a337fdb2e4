import { type RefObject, useEffect } from "react";

/** Calls onDismiss on a pointer press outside `container` or on Escape, while `isOpen`. */
export function useDismiss(
  container: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onDismiss: (reason: "outside" | "escape") => void,
) {
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) onDismiss("outside");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss("escape");
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [container, isOpen, onDismiss]);
}
