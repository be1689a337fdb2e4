import type { AppServices } from "../server/services/app-services";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for inline scripts (absent while prerendering). */
    cspNonce?: string;
    /** PUBLIC_URL of the running server (absent while prerendering). */
    publicUrl?: string;
    /** Services shared with the API handlers (absent while prerendering). */
    services?: AppServices;
    /** The client's address as the server resolved it (see server/http/client-ip.ts). */
    clientIp?: string;
    /** The public API's OpenAPI document (absent while prerendering). */
    apiDocument?: () => object;
  }
}
