import type { Locale } from "@jai/contracts/locale";

/** Per-request values the app's middleware sets for the handlers after it. */
export type AppEnv = {
  Variables: {
    cspNonce: string;
    /** See client-ip.ts; undefined when the socket address is unknown. */
    clientIp: string | undefined;
    /** The language a handler chose to answer in (e.g. the form's), for errors thrown later. */
    locale?: Locale;
  };
};
