/**
 * Pages are prerendered at build time, before the public URL of the running server is known:
 * they carry this placeholder origin, which the server replaces with PUBLIC_URL when it loads
 * the built files (apps/web/server/http/static-files.ts).
 */
export const prerenderOrigin = "https://prerender-origin.jai.invalid";
