import { prerenderOrigin } from "@jai/contracts/public-url";
import type { AppLoadContext } from "react-router";

export { prerenderOrigin };

/** The public URL in a loader: the server's at run time, the placeholder while prerendering. */
export function getPublicUrlFromContext(context: AppLoadContext | undefined): string {
  return context?.publicUrl ?? prerenderOrigin;
}
