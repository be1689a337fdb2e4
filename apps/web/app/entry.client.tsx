import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The prerendered page is complete without JavaScript: let the browser paint it first, then
// hydrate, so hydration never delays the first paint.
requestAnimationFrame(() => setTimeout(hydrate, 0));
