import { z } from "zod";

// Our Content-Security-Policy forbids eval. Zod 4 probes `new Function` to JIT-compile object
// parsers, which the browser reports as a CSP violation; jitless mode parses without it.
z.config({ jitless: true });

export { z };
