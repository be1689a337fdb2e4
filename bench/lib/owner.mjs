// An owner for benchmarks that need one, made the way a person would: sign up through the API,
// open the verification link from the .eml the server writes (no SMTP), sign in, then create a
// persona, a bot with the given knowledge, and an API key through the console API.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * @param {{ url: string, dataDir: string }} server
 * @param {{ persona: object, knowledge?: { title: string, text: string }[] }} bot
 */
export async function createOwner(server, { persona, knowledge = [] }) {
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-9f3k2";
  const json = (body, cookie) => ({
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const expectOk = async (response, what) => {
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };

  await expectOk(
    await fetch(
      `${server.url}/api/auth/sign-up/email`,
      json({ name: "Bench Owner", email, password, locale: "en" }),
    ),
    "sign-up",
  );
  const link = await waitForLink(path.join(server.dataDir, "mail"), email);
  await fetch(link, { redirect: "manual" });
  const signIn = await expectOk(
    await fetch(`${server.url}/api/auth/sign-in/email`, json({ email, password })),
    "sign-in",
  );
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");

  const console = async (method, route, body) => {
    const response = await expectOk(
      await fetch(`${server.url}/api/console${route}`, {
        method,
        headers: {
          Origin: server.url,
          Cookie: cookie,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
      `${method} /api/console${route}`,
    );
    return response.status === 204 ? null : response.json();
  };

  const createdPersona = await console("POST", "/personas", persona);
  const bot = await console("POST", "/bots", {
    personaId: createdPersona.id,
    name: "Bench Bot",
    provider: "local",
  });
  for (const source of knowledge) {
    await console("POST", `/bots/${bot.id}/knowledge`, { kind: "text", ...source });
  }
  // Ingestion runs in the background: wait until every source is ready.
  for (let tries = 0; knowledge.length > 0; tries++) {
    const list = await console("GET", `/bots/${bot.id}/knowledge`);
    const sources = Array.isArray(list) ? list : (list.sources ?? []);
    if (sources.every((source) => source.status === "ready")) break;
    if (tries > 300) throw new Error("knowledge sources never became ready");
    await sleep(100);
  }
  const key = await console("POST", "/api-keys", { name: "bench" });
  return { cookie, console, botId: bot.id, apiKey: key.key ?? key.secret };
}

async function waitForLink(mailDir, email) {
  for (let tries = 0; tries < 200; tries++) {
    const files = await readdir(mailDir).catch(() => []);
    for (const file of files.filter((name) => name.endsWith(".eml"))) {
      const text = (await readFile(path.join(mailDir, file), "utf8")).replace(/=\r?\n/g, "");
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const match = /https?:\/\/[^\s"<>]*verify[^\s"<>]*/i.exec(text.replace(/=3D/g, "="));
      if (match) return match[0];
    }
    await sleep(50);
  }
  throw new Error(`no verification email for ${email} in ${mailDir}`);
}
