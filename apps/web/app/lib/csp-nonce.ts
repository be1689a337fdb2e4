import { createContext, useContext } from "react";

// Server renders put the request's CSP nonce here so <Scripts> can carry it. Prerendered pages
// have none: the server allows their inline scripts by hash instead.
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
