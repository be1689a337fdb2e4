import { consoleLimits } from "./console";

/**
 * What the product does today and what it does not do yet: the one list that texts about the
 * product (the Demo Bot's knowledge first) are generated from, so none of them promises a
 * feature that is not built. A feature is `shipped` when an owner can use it end to end now
 * (its API, its console page); `coming` when pages advertise it but it is not built yet (the
 * Demo Bot then says "not yet"). Flip a status in the change that
 * ships the feature.
 *
 * Descriptions are one sentence in each language. A coming feature's descriptions say what it
 * will do, in the future tense, so no text built from them reads as available.
 */

export const featureStatuses = ["shipped", "coming"] as const;
export type FeatureStatus = (typeof featureStatuses)[number];

/** `channel`: a place customers talk with a bot (counted or not by a plan's channel quota). */
export const featureKinds = ["channel", "feature"] as const;
export type FeatureKind = (typeof featureKinds)[number];

export type FeatureText = { en: string; th: string };

type FeatureEntry = {
  id: string;
  status: FeatureStatus;
  kind: FeatureKind;
  name: FeatureText;
  description: FeatureText;
};

const fileMegabytes = consoleLimits.knowledgeFileBytes / (1024 * 1024);

const features = [
  // ---- shipped ------------------------------------------------------------------------------
  {
    id: "persona-builder",
    status: "shipped",
    kind: "feature",
    name: { en: "Persona builder", th: "ตัวสร้างเพอร์โซนา" },
    description: {
      en: "Shape your bot without writing code (name, avatar, role, tone, welcome message, FAQs, knowledge and custom prompts), try it in a live preview, then save it or export it as JSON, PNG or PDF.",
      th: "กำหนดตัวตนของบอทได้โดยไม่ต้องเขียนโค้ด ทั้งชื่อ อวตาร บทบาท น้ำเสียง ข้อความต้อนรับ คำถามที่พบบ่อย ฐานความรู้ และพรอมต์เพิ่มเติม ทดลองคุยในหน้าตัวอย่างสด แล้วบันทึกหรือส่งออกเป็นไฟล์ JSON, PNG หรือ PDF",
    },
  },
  {
    id: "knowledge-base",
    status: "shipped",
    kind: "feature",
    name: { en: "Knowledge base", th: "ฐานความรู้" },
    description: {
      en: `Teach a bot from text, FAQs and uploaded files (TXT, Markdown, CSV, PDF or DOCX, up to ${fileMegabytes} MB each), and test which passages it would answer a question with.`,
      th: `สอนบอทด้วยข้อความ คำถามที่พบบ่อย และไฟล์ที่อัปโหลด (TXT, Markdown, CSV, PDF หรือ DOCX ไฟล์ละไม่เกิน ${fileMegabytes} MB) และทดสอบได้ว่าบอทจะใช้ข้อความส่วนไหนตอบคำถาม`,
    },
  },
  {
    id: "hosted-page",
    status: "shipped",
    kind: "channel",
    name: { en: "Bot page", th: "หน้าแชทบอท" },
    description: {
      en: "Every bot gets its own chat page, with a link to share and a QR code to print.",
      th: "บอททุกตัวมีหน้าแชทบอทของตัวเอง พร้อมลิงก์สำหรับแชร์และคิวอาร์โค้ดสำหรับพิมพ์",
    },
  },
  {
    id: "website-widget",
    status: "shipped",
    kind: "channel",
    name: { en: "Website widget", th: "วิดเจ็ตบนเว็บไซต์" },
    description: {
      en: "Install the chatbot on your website with one line of code: a chat button in your colour, position and greeting, shown only on the sites you allow.",
      th: "ติดตั้งแชทบอทบนเว็บไซต์ของคุณด้วยโค้ดบรรทัดเดียว ได้ปุ่มแชทที่เลือกสี ตำแหน่ง และข้อความทักทายได้ และแสดงเฉพาะบนเว็บไซต์ที่คุณอนุญาต",
    },
  },
  {
    id: "line",
    status: "shipped",
    kind: "channel",
    name: { en: "LINE Official Account", th: "LINE Official Account" },
    description: {
      en: "Connect your LINE Official Account with its channel ID, channel secret and access token, and the bot answers your customers' LINE chats automatically.",
      th: "เชื่อมต่อ LINE Official Account ของคุณด้วย Channel ID, Channel secret และ access token แล้วบอทจะตอบแชทไลน์ของลูกค้าให้โดยอัตโนมัติ",
    },
  },
  {
    id: "public-api",
    status: "shipped",
    kind: "channel",
    name: { en: "API for developers", th: "API สำหรับนักพัฒนา" },
    description: {
      en: "A REST API with API keys lets your own software chat with your bots, read conversations and contacts and manage knowledge, with an OpenAPI reference for every endpoint.",
      th: "ใช้คีย์ API ให้ซอฟต์แวร์ของคุณเองคุยกับบอท อ่านบทสนทนาและผู้ติดต่อ และจัดการฐานความรู้ได้ พร้อมเอกสาร OpenAPI ที่อธิบายการเรียกใช้ทุกแบบ",
    },
  },
  {
    id: "webhooks",
    status: "shipped",
    kind: "feature",
    name: { en: "Webhooks", th: "เว็บฮุก" },
    description: {
      en: "Send signed events (a new conversation, message or contact) to your own systems as they happen, with a test button and a delivery log you can resend from.",
      th: "ส่งเหตุการณ์ที่มีลายเซ็นยืนยัน (บทสนทนา ข้อความ หรือผู้ติดต่อใหม่) ไปยังระบบของคุณเองทันทีที่เกิดขึ้น พร้อมปุ่มทดสอบและประวัติการส่งที่กดส่งซ้ำได้",
    },
  },
  {
    id: "conversations",
    status: "shipped",
    kind: "feature",
    name: { en: "Conversation history", th: "ประวัติบทสนทนา" },
    description: {
      en: "Read every conversation your bots have had in the console: search them, open a transcript and export them as a CSV file.",
      th: "อ่านบทสนทนาทั้งหมดของบอทได้ในคอนโซล ทั้งค้นหา เปิดบันทึกบทสนทนา และส่งออกเป็นไฟล์ CSV",
    },
  },
  {
    id: "marketplace",
    status: "shipped",
    kind: "feature",
    name: { en: "Marketplace", th: "มาร์เก็ตเพลส" },
    description: {
      en: "Share a persona with the community for free: once our team approves it, anyone signed in can clone it, and you can browse ready-made personas for e-commerce, education and solo-preneurs.",
      th: "แบ่งปันเพอร์โซนาของคุณกับชุมชนได้ฟรี เมื่อทีมงานอนุมัติแล้วผู้ที่เข้าสู่ระบบทุกคนคัดลอกไปใช้ได้ และเลือกดูเพอร์โซนาสำเร็จรูปสำหรับอีคอมเมิร์ซ การศึกษา และผู้ประกอบการเดี่ยวได้",
    },
  },
  {
    id: "accounts",
    status: "shipped",
    kind: "feature",
    name: { en: "Accounts and security", th: "บัญชีและความปลอดภัย" },
    description: {
      en: "Sign up with a verified email address, protect your account with two-step verification (two-factor authentication) from an authenticator app, see the devices you are signed in on and delete your account at any time.",
      th: "สร้างบัญชีด้วยอีเมลที่ยืนยันแล้ว ป้องกันบัญชีด้วยการยืนยันตัวตนสองขั้นตอนผ่านแอปยืนยันตัวตน ดูอุปกรณ์ที่เข้าสู่ระบบอยู่ และลบบัญชีได้ทุกเมื่อ",
    },
  },
  {
    id: "ai-providers",
    status: "shipped",
    kind: "feature",
    name: { en: "AI providers with your own key", th: "ผู้ให้บริการ AI ด้วยคีย์ของคุณเอง" },
    description: {
      en: "Each bot answers with the built-in answerer (no key needed) or with OpenAI (GPT), Anthropic (Claude) or Google Gemini using your own API key, stored encrypted, and plan prices do not include what the provider charges for AI usage.",
      th: "บอทแต่ละตัวตอบด้วยระบบตอบในตัว (ไม่ต้องใช้คีย์) หรือด้วย OpenAI (GPT), Anthropic (Claude) หรือ Google Gemini โดยใช้คีย์ API ของคุณเองซึ่งเก็บแบบเข้ารหัส และราคาแพ็กเกจยังไม่รวมค่าใช้งาน AI ที่ผู้ให้บริการ AI เรียกเก็บ",
    },
  },
  {
    id: "languages",
    status: "shipped",
    kind: "feature",
    name: { en: "Replies in Thai or English", th: "ตอบภาษาไทยหรือภาษาอังกฤษ" },
    description: {
      en: "Bots answer in Thai or English (or Spanish, French or German) or follow each customer's language automatically, and understand Thai written without spaces.",
      th: "บอทตอบได้ทั้งภาษาไทยและภาษาอังกฤษ (รวมถึงภาษาสเปน ฝรั่งเศส และเยอรมัน) หรือตอบตามภาษาของลูกค้าแต่ละคนโดยอัตโนมัติ และเข้าใจภาษาไทยที่พิมพ์ติดกันไม่เว้นวรรค",
    },
  },
  {
    id: "photos",
    status: "shipped",
    kind: "feature",
    name: { en: "Photos in chat", th: "ส่งรูปภาพในแชท" },
    description: {
      en: "Customers can send a photo on the bot page, in the website widget or in LINE, and bots on OpenAI, Anthropic or Google look at it when they answer.",
      th: "ลูกค้าส่งรูปภาพได้ทั้งในหน้าแชทบอท วิดเจ็ตบนเว็บไซต์ และไลน์ และบอทที่ใช้ OpenAI, Anthropic หรือ Google จะดูรูปนั้นประกอบการตอบ",
    },
  },
  {
    id: "long-term-memory",
    status: "shipped",
    kind: "feature",
    name: { en: "Long-term memory", th: "ความจำระยะยาว" },
    description: {
      en: "Bots remember what each customer told them (a name, a preference, a past order) from one conversation to the next, the owner sees and edits it on the conversation's page, and a customer who asks the bot to forget them is forgotten at once.",
      th: "บอทจำสิ่งที่ลูกค้าแต่ละคนเคยบอกไว้ เช่น ชื่อ สิ่งที่ชอบ หรือคำสั่งซื้อที่ผ่านมา ข้ามจากบทสนทนาหนึ่งไปยังบทสนทนาถัดไป เจ้าของดูและแก้ไขได้ในหน้าบทสนทนา และเมื่อลูกค้าขอให้บอทลืม ข้อมูลที่จำไว้จะถูกลบทันที",
    },
  },
  {
    id: "human-handoff",
    status: "shipped",
    kind: "feature",
    name: { en: "Team inbox and human handoff", th: "กล่องข้อความของทีมและการส่งต่อให้เจ้าหน้าที่" },
    description: {
      en: "Invite teammates as admins or agents, see every conversation of every bot and channel in one live inbox, let customers ask for a person in Thai or English (or hand off when the bot could not answer), then take over, reply, assign, snooze or resolve and hand the chat back to the bot, with alerts by email, browser notification or a LINE staff group.",
      th: "เชิญสมาชิกทีมเป็นผู้ดูแลหรือเจ้าหน้าที่ ดูบทสนทนาทุกช่องทางของบอททุกตัวในกล่องข้อความเดียวแบบเรียลไทม์ ให้ลูกค้าขอคุยกับเจ้าหน้าที่ได้ทั้งภาษาไทยและภาษาอังกฤษ (หรือส่งต่อเมื่อบอทตอบไม่ได้) แล้วรับเรื่อง ตอบ มอบหมาย พักไว้ หรือปิดเรื่อง และส่งกลับให้บอท พร้อมการแจ้งเตือนทางอีเมล การแจ้งเตือนในเบราว์เซอร์ หรือกลุ่มทีมงานใน LINE",
    },
  },
  {
    id: "messenger",
    status: "shipped",
    kind: "channel",
    name: { en: "Facebook Messenger", th: "Facebook Messenger" },
    description: {
      en: "Connect your Facebook Page with its Page ID, Page access token and app secret, and the bot answers the messages customers send to the Page in Messenger within Meta's 24-hour window (your team can reply for up to 7 days when your app has Meta's Human Agent permission).",
      th: "เชื่อมต่อเพจเฟซบุ๊กด้วย Page ID, Page access token และ App secret แล้วบอทจะตอบข้อความที่ลูกค้าส่งถึงเพจทาง Messenger โดยอัตโนมัติภายในกรอบเวลา 24 ชั่วโมงของ Meta (ทีมของคุณตอบต่อได้นานถึง 7 วันเมื่อแอปได้รับสิทธิ์ Human Agent จาก Meta)",
    },
  },
  {
    id: "instagram",
    status: "shipped",
    kind: "channel",
    name: { en: "Instagram Direct", th: "Instagram Direct" },
    description: {
      en: "Connect the Instagram professional account linked to your Facebook Page, and the bot answers customers' direct messages (DMs), story replies and story mentions.",
      th: "บอทตอบข้อความไดเรกต์ การตอบกลับสตอรี่ และการกล่าวถึงในสตอรี่ ที่ลูกค้าส่งถึงบัญชีอินสตาแกรมแบบมืออาชีพซึ่งผูกกับเพจเฟซบุ๊กของคุณโดยอัตโนมัติ",
    },
  },
  {
    id: "tiktok",
    status: "shipped",
    kind: "channel",
    name: { en: "TikTok", th: "TikTok" },
    description: {
      en: "Connect a TikTok business account that TikTok has approved for its Business Messaging API, and the bot answers the messages customers send it within TikTok's 48-hour reply window.",
      th: "เชื่อมต่อบัญชีธุรกิจ TikTok ที่ได้รับอนุมัติจาก TikTok ให้ใช้ Business Messaging API แล้วบอทจะตอบข้อความที่ลูกค้าส่งถึงบัญชีโดยอัตโนมัติภายในกรอบเวลาตอบกลับ 48 ชั่วโมงของ TikTok",
    },
  },
  {
    id: "analytics",
    status: "shipped",
    kind: "feature",
    name: { en: "Analytics dashboard", th: "แดชบอร์ดวิเคราะห์ข้อมูล" },
    description: {
      en: "See conversations, contacts, answered and unanswered questions, handoffs, customer feedback and satisfaction, busiest hours and top questions for any period; Business and Enterprise add costs, exports and a 14-day chat-volume forecast, while customers rate replies with thumbs up or down and an improvement queue turns unanswered questions into answers the bot uses at once.",
      th: "ดูจำนวนบทสนทนา ผู้ติดต่อ คำถามที่บอทตอบได้และตอบไม่ได้ การส่งต่อให้เจ้าหน้าที่ ความคิดเห็นและความพึงพอใจของลูกค้า ช่วงเวลาที่คึกคัก และคำถามยอดนิยมในช่วงเวลาที่เลือก แพ็กเกจธุรกิจและองค์กรเพิ่มค่าใช้จ่าย การส่งออกข้อมูล และการคาดการณ์ปริมาณแชท 14 วัน ลูกค้ากดถูกใจหรือไม่ถูกใจคำตอบได้ และรายการที่ควรปรับปรุงช่วยเปลี่ยนคำถามที่บอทตอบไม่ได้ให้เป็นคำตอบที่บอทใช้ได้ทันที",
    },
  },
  {
    id: "google-sheets",
    status: "shipped",
    kind: "feature",
    name: { en: "Google Sheets sync", th: "ซิงก์กับ Google Sheets" },
    description: {
      en: "Share a Google Sheet with the server's service account: the bot's answers sync from it on demand and every hour, and new conversations or leads are appended to another sheet, and conversations, messages, contacts, feedback and analytics export as CSV or Excel files, and FAQs import from them.",
      th: "แชร์ Google Sheets ให้บัญชีบริการของเซิร์ฟเวอร์ แล้วคำตอบของบอทจะซิงก์จากชีตเมื่อสั่งและทุกชั่วโมง บทสนทนาใหม่หรือรายชื่อลูกค้าที่สนใจจะถูกเพิ่มต่อท้ายอีกชีตหนึ่ง และส่งออกบทสนทนา ข้อความ ผู้ติดต่อ ความคิดเห็น และข้อมูลวิเคราะห์เป็นไฟล์ CSV หรือ Excel รวมถึงนำเข้าคำถามที่พบบ่อยจากไฟล์เหล่านี้ได้",
    },
  },
  {
    id: "online-payment",
    status: "shipped",
    kind: "feature",
    name: { en: "Online payment", th: "ชำระเงินออนไลน์" },
    description: {
      en: "Pay for a plan by card or PromptPay in Thai baht: cards renew automatically, PromptPay renewals arrive as an invoice with a QR code, and every payment gets a Thai tax invoice or receipt as a PDF in Thai or English, with 3% withholding tax for companies that deduct it.",
      th: "ชำระค่าแพ็กเกจเป็นเงินบาทด้วยบัตรหรือ PromptPay บัตรต่ออายุให้อัตโนมัติ ส่วน PromptPay จะได้รับใบแจ้งหนี้พร้อมคิวอาร์โค้ดเมื่อถึงรอบต่ออายุ และทุกการชำระเงินได้รับใบกำกับภาษีหรือใบเสร็จรับเงินเป็นไฟล์ PDF ภาษาไทยหรืออังกฤษ รองรับการหักภาษี ณ ที่จ่าย 3% สำหรับบริษัทที่ต้องหัก",
    },
  },
  // ---- coming -------------------------------------------------------------------------------
  {
    id: "marketplace-sales",
    status: "coming",
    kind: "feature",
    name: { en: "Selling personas", th: "ขายเพอร์โซนา" },
    description: {
      en: "You will be able to sell your personas as premium templates in the marketplace; today every listing is free to clone.",
      th: "คุณจะขายเพอร์โซนาเป็นเทมเพลตแบบเสียเงินในมาร์เก็ตเพลสได้ ปัจจุบันทุกเพอร์โซนาในมาร์เก็ตเพลสคัดลอกไปใช้ได้ฟรี",
    },
  },
] as const satisfies readonly FeatureEntry[];

export type FeatureId = (typeof features)[number]["id"];
export type ProductFeature = FeatureEntry & { id: FeatureId };

/** Every feature, shipped ones first, each in English and Thai. */
export const productFeatures: readonly ProductFeature[] = features;

export function listFeatures(status: FeatureStatus): ProductFeature[] {
  return productFeatures.filter((feature) => feature.status === status);
}

export function isFeatureShipped(id: FeatureId): boolean {
  return productFeatures.some((feature) => feature.id === id && feature.status === "shipped");
}
