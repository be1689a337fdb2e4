import type { WidgetSettings } from "@jai/contracts/channels";

/** What /api/widget/{botId}/config answers. */
export type WidgetConfig = {
  bot: { id: string; name: string; avatar: string; language: "en" | "th" | "auto" };
  settings: Omit<WidgetSettings, "allowedOrigins">;
};

export type LoaderOptions = {
  botId: string | undefined;
  /** The host page's `data-` attributes, each overriding the owner's setting. */
  overrides: Partial<WidgetConfig["settings"]>;
};

/** The script tag's `data-` attributes; invalid values are ignored (the owner's setting stays). */
export function readOptions(data: DOMStringMap): LoaderOptions {
  const overrides: Partial<WidgetConfig["settings"]> = {};
  if (data.color && /^#[0-9a-f]{6}$/i.test(data.color)) overrides.color = data.color;
  if (data.position === "left" || data.position === "right") overrides.position = data.position;
  if (data.launcherLabel !== undefined) overrides.launcherLabel = data.launcherLabel.slice(0, 40);
  if (data.greeting !== undefined) overrides.greeting = data.greeting.slice(0, 200);
  const delay = Number(data.greetingDelay);
  if (data.greetingDelay !== undefined && Number.isFinite(delay) && delay >= 0) {
    overrides.greetingDelaySeconds = Math.min(delay, 120);
  }
  if (data.language === "en" || data.language === "th" || data.language === "auto") {
    overrides.language = data.language;
  }
  if (data.open !== undefined) overrides.startOpen = data.open !== "false";
  const botId = data.bot && /^[A-Za-z0-9_-]{1,64}$/.test(data.bot) ? data.bot : undefined;
  return { botId, overrides };
}
