/**
 * The website widget's loader, served as /widget.js. An owner installs it with one line:
 *
 *   <script src="https://jai.example/widget.js" data-bot="BOT_ID" async></script>
 *
 * It draws a launcher button and, on first open, an iframe of /widget/{botId} (the chat). Plain
 * TypeScript, no framework, a few KB: it runs on other people's pages. It adds no inline
 * `<style>` or `style=` attributes (its CSS is a constructed stylesheet in a shadow root), so a
 * host page with a strict Content-Security-Policy only has to allow our origin in `script-src`
 * and `frame-src`.
 *
 * Options: `data-color`, `data-position` (left | right), `data-launcher-label`, `data-greeting`,
 * `data-greeting-delay` (seconds), `data-language` (en | th | auto), `data-open` (start open);
 * each overrides the owner's console setting. API: `Jai.open()`, `Jai.close()`, `Jai.toggle()`,
 * `Jai.identify({ id, name, email, signature })`, `Jai.on(event, handler)` / `Jai.off` for
 * `open`, `close`, `message`. Calls made before the loader ran can be queued in `window.Jai.q`
 * as `[name, ...args]`.
 */
import type { WidgetFrameMessage, WidgetHostMessage } from "@jai/contracts/channels";
import { type LoaderOptions, readOptions, type WidgetConfig } from "./options";
import { widgetCss } from "./styles";

type Identity = { id: string; name?: string; email?: string; signature: string };
type Handler = (detail?: unknown) => void;
type JaiApi = {
  open(): void;
  close(): void;
  toggle(): void;
  identify(identity: Identity): void;
  on(event: string, handler: Handler): void;
  off(event: string, handler: Handler): void;
  q?: unknown[][];
};

declare global {
  interface Window {
    Jai?: Partial<JaiApi> & { q?: unknown[][] };
  }
}

const svg = (path: string) => {
  const ns = "http://www.w3.org/2000/svg";
  const element = document.createElementNS(ns, "svg");
  element.setAttribute("viewBox", "0 0 24 24");
  element.setAttribute("aria-hidden", "true");
  const shape = document.createElementNS(ns, "path");
  shape.setAttribute("d", path);
  element.append(shape);
  return element;
};
const chatIcon = "M4 4h16v12H7l-3 3z";
const closeIcon = "M6 6l12 12M18 6L6 18";

function start(script: HTMLScriptElement) {
  const origin = new URL(script.src).origin;
  const options = readOptions(script.dataset);
  if (!options.botId) return;
  const botId = options.botId;
  const api = `${origin}/api/widget/${encodeURIComponent(botId)}`;

  const handlers = new Map<string, Set<Handler>>();
  const emit = (event: string, detail?: unknown) => {
    for (const handler of handlers.get(event) ?? []) {
      try {
        handler(detail);
      } catch {
        // A host's handler must not break the widget.
      }
    }
  };
  let identity: Identity | undefined;
  let ui: ReturnType<typeof build> | undefined;
  const pending: (() => void)[] = [];
  const whenReady = (action: () => void) => (ui ? action() : pending.push(action));

  const jai: JaiApi = {
    open: () => whenReady(() => ui?.open()),
    close: () => whenReady(() => ui?.close()),
    toggle: () => whenReady(() => (ui?.isOpen() ? ui.close() : ui?.open())),
    identify(next) {
      identity = next;
      ui?.sendIdentity();
    },
    on(event, handler) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler);
    },
  };
  const queued = window.Jai?.q ?? [];
  window.Jai = jai;
  for (const [name, ...args] of queued) {
    const method = jai[name as keyof JaiApi];
    if (typeof method === "function") (method as (...a: unknown[]) => void)(...args);
  }

  void (async () => {
    // A paused bot, a widget turned off or a site not allowed: nothing is drawn.
    const configResponse = await fetch(`${api}/config`).catch(() => undefined);
    if (!configResponse?.ok) return;
    const config = (await configResponse.json()) as WidgetConfig;
    const sessionResponse = await fetch(`${api}/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    }).catch(() => undefined);
    if (!sessionResponse?.ok) {
      console.warn(
        `Jai widget: this site (${location.origin}) is not one of the bot's allowed sites. Add it in the console under Channels → Website widget.`,
      );
      return;
    }
    const { session } = (await sessionResponse.json()) as { session: string };
    ui = build(config, options, session);
    for (const action of pending.splice(0)) action();
  })();

  function build(config: WidgetConfig, options: LoaderOptions, session: string) {
    const settings = { ...config.settings, ...options.overrides };
    const language =
      settings.language === "auto"
        ? navigator.language.toLowerCase().startsWith("th")
          ? "th"
          : config.bot.language === "th"
            ? "th"
            : "en"
        : settings.language;
    const texts =
      language === "th"
        ? { open: `แชทกับ ${config.bot.name}`, close: "ปิดแชท", unread: "ข้อความใหม่" }
        : { open: `Chat with ${config.bot.name}`, close: "Close chat", unread: "new messages" };

    const host = document.createElement("div");
    host.id = "jai-widget";
    const root = host.attachShadow({ mode: "open" });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss);
    root.adoptedStyleSheets = [sheet];

    const container = document.createElement("div");
    container.className = `jai ${settings.position === "left" ? "left" : "right"}`;
    container.style.setProperty("--jai-color", settings.color);

    const launcher = document.createElement("button");
    launcher.type = "button";
    launcher.className = "launcher";
    launcher.setAttribute("aria-label", texts.open);
    launcher.setAttribute("aria-expanded", "false");
    launcher.append(svg(chatIcon));
    if (settings.launcherLabel) {
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = settings.launcherLabel;
      launcher.append(label);
    }
    const badge = document.createElement("span");
    badge.className = "badge";
    badge.hidden = true;
    launcher.append(badge);

    const bubble = document.createElement("div");
    bubble.className = "bubble";
    bubble.hidden = true;
    const bubbleText = document.createElement("button");
    bubbleText.type = "button";
    bubbleText.className = "bubble-text";
    bubbleText.textContent = settings.greeting;
    const bubbleClose = document.createElement("button");
    bubbleClose.type = "button";
    bubbleClose.className = "bubble-close";
    bubbleClose.setAttribute("aria-label", texts.close);
    bubbleClose.append(svg(closeIcon));
    bubble.append(bubbleText, bubbleClose);

    const panel = document.createElement("div");
    panel.className = "panel";
    panel.hidden = true;
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", texts.open);

    container.append(panel, bubble, launcher);
    root.append(container);
    document.body.append(host);

    const storePrefix = `jai.widget.${botId}.`;
    const readStored = () => {
      const values: Record<string, string> = {};
      try {
        for (let index = 0; index < localStorage.length; index++) {
          const key = localStorage.key(index);
          const value = key?.startsWith(storePrefix) ? localStorage.getItem(key) : null;
          if (key && value !== null) values[key] = value;
        }
      } catch {
        // Storage blocked: a fresh conversation each load.
      }
      return values;
    };

    let frame: HTMLIFrameElement | undefined;
    let frameReady = false;
    let open = false;
    let unread = 0;

    const send = (message: WidgetHostMessage) => {
      if (frame?.contentWindow && frameReady) frame.contentWindow.postMessage(message, origin);
    };
    const sendIdentity = () => {
      if (identity) send({ source: "jai-widget", type: "identify", identity });
    };
    const setUnread = (count: number) => {
      unread = count;
      badge.hidden = count === 0;
      badge.textContent = count > 9 ? "9+" : String(count);
      launcher.setAttribute(
        "aria-label",
        count > 0 ? `${texts.open} (${count} ${texts.unread})` : texts.open,
      );
    };

    // The panel follows the visual viewport on phones, so the keyboard never hides the input.
    const fitToViewport = () => {
      const viewport = window.visualViewport;
      if (!viewport || window.innerWidth > 480) {
        panel.style.removeProperty("height");
        panel.style.removeProperty("top");
        return;
      }
      panel.style.setProperty("height", `${viewport.height}px`);
      panel.style.setProperty("top", `${viewport.offsetTop}px`);
    };
    window.visualViewport?.addEventListener("resize", fitToViewport);
    window.visualViewport?.addEventListener("scroll", fitToViewport);

    window.addEventListener("message", (event) => {
      if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
      const message = event.data as WidgetFrameMessage | undefined;
      if (message?.source !== "jai-widget") return;
      if (message.type === "ready") {
        frameReady = true;
        send({
          source: "jai-widget",
          type: "init",
          session,
          stored: readStored(),
          ...(language === "en" || language === "th" ? { language } : {}),
        });
        sendIdentity();
        if (open) send({ source: "jai-widget", type: "opened" });
      } else if (message.type === "close") {
        hide();
      } else if (message.type === "store") {
        // The frame's own storage may be blocked (a third-party frame): this site keeps its
        // values, under our prefix only.
        if (message.key.startsWith(storePrefix)) {
          try {
            if (message.value === null) localStorage.removeItem(message.key);
            else localStorage.setItem(message.key, message.value);
          } catch {
            // Storage blocked here too: the conversation lasts as long as the page.
          }
        }
      } else if (message.type === "message") {
        if (!open) setUnread(unread + 1);
        emit("message", { sender: message.sender, text: message.text });
      }
    });

    function show() {
      if (open) return;
      open = true;
      bubble.hidden = true;
      if (!frame) {
        frame = document.createElement("iframe");
        frame.className = "frame";
        frame.title = texts.open;
        frame.src = `${origin}/widget/${encodeURIComponent(botId)}?lang=${language}`;
        frame.setAttribute("allow", "clipboard-write");
        panel.append(frame);
      }
      panel.hidden = false;
      container.classList.add("open");
      launcher.setAttribute("aria-expanded", "true");
      launcher.setAttribute("aria-label", texts.close);
      launcher.replaceChildren(svg(closeIcon));
      fitToViewport();
      setUnread(0);
      frame.focus();
      send({ source: "jai-widget", type: "opened" });
      emit("open");
    }

    function hide() {
      if (!open) return;
      open = false;
      panel.hidden = true;
      container.classList.remove("open");
      launcher.setAttribute("aria-expanded", "false");
      launcher.replaceChildren(svg(chatIcon));
      if (settings.launcherLabel) {
        const label = document.createElement("span");
        label.className = "label";
        label.textContent = settings.launcherLabel;
        launcher.append(label);
      }
      launcher.append(badge);
      setUnread(unread);
      send({ source: "jai-widget", type: "closed" });
      launcher.focus();
      emit("close");
    }

    launcher.addEventListener("click", () => (open ? hide() : show()));
    bubbleText.addEventListener("click", show);
    bubbleClose.addEventListener("click", () => {
      bubble.hidden = true;
    });
    root.addEventListener("keydown", (event) => {
      if ((event as KeyboardEvent).key === "Escape" && open) hide();
    });

    if (settings.greeting) {
      setTimeout(() => {
        if (!open) bubble.hidden = false;
      }, settings.greetingDelaySeconds * 1000);
    }
    if (settings.startOpen) show();

    return { open: show, close: hide, isOpen: () => open, sendIdentity };
  }
}

const current =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[src$="/widget.js"][data-bot]');
if (current && !window.Jai?.open) start(current);
