import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { prerenderOrigin } from "@jai/contracts/public-url";

export type StaticFile = {
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** For prerendered HTML: sha256 sources of its inline scripts, for the CSP. */
  scriptHashes?: string[];
  isHtml: boolean;
};

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
};
const compressible = new Set([
  ".html",
  ".js",
  ".css",
  ".json",
  ".svg",
  ".txt",
  ".xml",
  ".map",
  ".webmanifest",
]);

const publicUrlTypes = new Set([".html", ".xml", ".txt"]);

async function walk(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** sha256 sources of every inline executable <script> in a document. */
export function hashInlineScripts(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const content = match[2] ?? "";
    if (/\ssrc=/i.test(attributes) || /type="application\/ld\+json"/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
  }
  return hashes;
}

/** URL paths a file answers: "pricing/index.html" → "/pricing", "/pricing/"; "index.html" → "/". */
function urlPathsFor(relative: string): string[] {
  const posix = relative.split(path.sep).join("/");
  if (posix === "index.html") return ["/"];
  if (posix.endsWith("/index.html")) {
    const base = `/${posix.slice(0, -"/index.html".length)}`;
    return [base, `${base}/`];
  }
  return [`/${posix}`];
}

/**
 * Loads the built client (prerendered pages and hashed assets) into memory, precompressed, so
 * serving a public page costs a map lookup and one write.
 */
export async function loadStaticFiles(
  clientDir: string,
  options: { publicUrl: string },
): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const absolute of await walk(clientDir)) {
    const relative = path.relative(clientDir, absolute);
    const extension = path.extname(absolute);
    // Route data is answered by the router (it depends on the requested routes).
    if (extension === ".data" || relative.startsWith(`.vite${path.sep}`)) continue;
    let body = await readFile(absolute);
    // Prerendered documents name the placeholder origin: give them the server's public URL.
    if (publicUrlTypes.has(extension) && body.includes(prerenderOrigin)) {
      body = Buffer.from(body.toString("utf8").replaceAll(prerenderOrigin, options.publicUrl));
    }
    // Prerendered resource routes (the framed legal documents) are saved without an extension.
    const isHtml =
      extension === ".html" ||
      (extension === "" &&
        body.subarray(0, 15).toString("latin1").toLowerCase() === "<!doctype html>");
    const isHashedAsset = relative.startsWith(`assets${path.sep}`);
    const file: StaticFile = {
      body,
      contentType: isHtml
        ? "text/html; charset=utf-8"
        : (contentTypes[extension] ?? "application/octet-stream"),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: isHashedAsset
        ? "public, max-age=31536000, immutable"
        : isHtml
          ? "public, max-age=0, must-revalidate"
          : "public, max-age=3600",
      isHtml,
    };
    if (compressible.has(extension) && body.length > 512) {
      file.gzip = gzipSync(body, { level: 9 });
      file.brotli = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    }
    if (isHtml) file.scriptHashes = hashInlineScripts(body.toString("utf8"));
    for (const urlPath of urlPathsFor(relative)) files.set(urlPath, file);
  }
  return files;
}

export function pickEncoding(acceptEncoding: string | undefined, file: StaticFile) {
  const accepted = acceptEncoding ?? "";
  if (file.brotli && /\bbr\b/.test(accepted)) return { encoding: "br", body: file.brotli } as const;
  if (file.gzip && /\bgzip\b/.test(accepted)) return { encoding: "gzip", body: file.gzip } as const;
  return { encoding: undefined, body: file.body } as const;
}
