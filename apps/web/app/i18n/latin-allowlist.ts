/**
 * Words a Thai page may keep in Latin script: brand, product and platform names, acronyms.
 * URLs, email addresses and LINE ids (@name) are ignored.
 * Used by the dictionary test and the browser test that reads every Thai page.
 */
export const allowedLatinWords: ReadonlySet<string> = new Set(
  [
    "Jai LINE Meta Facebook Messenger Instagram TikTok Direct Official Account YouTube Google Sheets",
    "Shopee Lazada Excel Zapier WhatsApp Stripe Omise PromptPay OpenAI Anthropic Ollama Typhoon",
    "GPT Gemini Claude E-commerce AI API PDPA FAQ FAQs CRM PDF CSV JSON PNG THB EN TH ID OA URL",
    "SEO SMS B.E. QR OTP TOTP HTML JPEG WebP TXT DOCX Markdown HTTPS OpenAPI HMAC-SHA GIF MB",
  ]
    .join(" ")
    .split(" ")
    .map((word) => word.toLowerCase()),
);

/**
 * Labels of other platforms' consoles that exist only in English (LINE Developers, Meta for
 * Developers, TikTok API for Business), quoted so the owner finds the button or field they name.
 * A label comes before any shorter label it contains ("Verify token" before "Verify").
 */
export const quotedPlatformLabels: readonly string[] = [
  "Meta for Developers",
  "Meta Business Suite",
  "Messenger API Settings",
  "Configure webhooks",
  "App settings → Basic",
  "App secret",
  "App ID",
  "App Review",
  "Page access token",
  "Page ID",
  "Callback URL",
  "Verify token",
  "Verify and save",
  "Human Agent",
  "TikTok API for Business",
  "Business Messaging API",
  "Channel access token (long-lived)",
  "LINE Official Account Manager",
  "LINE Developers console",
  "LINE Developers",
  "Channel secret",
  "Channel ID",
  "Messaging API",
  "Basic settings",
  "Webhook settings",
  "Webhook URL",
  "Use webhook",
  "Webhook redelivery",
  "Verify",
  "reply token",
  "access token",
  "long-lived",
];

/** Latin-script words in a Thai text that are not allowed names (URLs and emails ignored). */
export function findEnglishWords(text: string): string[] {
  let withoutLabels = text;
  for (const label of quotedPlatformLabels) withoutLabels = withoutLabels.split(label).join(" ");
  const withoutAddresses = withoutLabels.replace(
    /https?:\/\/\S+|[\w.+-]*@[\w.-]+|\/[\w\-/]+/g,
    " ",
  );
  const latinWords = withoutAddresses.match(/[A-Za-z][A-Za-z.\-']*/g) ?? [];
  return latinWords.filter(
    (word) => !allowedLatinWords.has(word.toLowerCase().replace(/[.'-]+$/, "")),
  );
}
