import type { IncomingMessage, ServerResponse } from "node:http";
import { baseSecurityHeaders, buildCsp, isFramableDocument } from "./security-headers";
import { pickEncoding, type StaticFile } from "./static-files";

/**
 * Answers GET / HEAD for prerendered pages and built assets straight from memory, before any
 * framework code runs. Returns false when the path is not a static file.
 */
export function createStaticHandler(files: Map<string, StaticFile>, options: { isHttps: boolean }) {
  // Headers per file are computed once: they only depend on the file.
  const headerCache = new WeakMap<StaticFile, Record<string, string>>();
  const headersFor = (file: StaticFile, pathname: string) => {
    let headers = headerCache.get(file);
    if (!headers) {
      const frameAncestors = isFramableDocument(pathname) ? "'self'" : "'none'";
      headers = {
        ...baseSecurityHeaders(options.isHttps, frameAncestors),
        "Content-Type": file.contentType,
        "Cache-Control": file.cacheControl,
        ETag: file.etag,
      };
      if (file.gzip || file.brotli) headers.Vary = "Accept-Encoding";
      if (pathname === "/widget.js") {
        // Loaded by owners' sites: cross-origin, and at an unversioned URL, so cached briefly.
        headers["Cross-Origin-Resource-Policy"] = "cross-origin";
        headers["Access-Control-Allow-Origin"] = "*";
        headers["Cache-Control"] = "public, max-age=300";
      }
      if (file.isHtml) {
        headers["Content-Security-Policy"] = buildCsp({
          scriptSources: file.scriptHashes,
          frameAncestors,
          isHttps: options.isHttps,
        });
      }
      headerCache.set(file, headers);
    }
    return headers;
  };

  return function handleStatic(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = request.url ?? "/";
    const queryIndex = url.indexOf("?");
    let pathname = queryIndex === -1 ? url : url.slice(0, queryIndex);
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const file = files.get(pathname);
    if (!file) return false;

    const headers = headersFor(file, pathname);
    if (request.headers["if-none-match"] === file.etag) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    const { encoding, body } = pickEncoding(request.headers["accept-encoding"], file);
    response.writeHead(200, {
      ...headers,
      ...(encoding ? { "Content-Encoding": encoding } : {}),
      "Content-Length": body.length,
    });
    response.end(method === "HEAD" ? undefined : body);
    return true;
  };
}
