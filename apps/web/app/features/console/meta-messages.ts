import type { Bilingual } from "~/i18n/use-locale";

/** What differs between the Messenger card and the Instagram card. */
type ChannelTexts = {
  title: string;
  intro: string;
  steps: string[];
  connect: string;
  connected: string;
  /** Where the callback URL and the verify token go in Meta's dashboard. */
  webhookHelp: string;
  disconnectTitle: string;
  disconnectText: string;
  disconnected: string;
};

const messenger: ChannelTexts = {
  title: "Facebook Messenger",
  intro:
    "Answer the messages your Facebook Page receives in Messenger. Customers write first; the bot answers within Meta's 24-hour reply window.",
  steps: [
    "On Meta for Developers (https://developers.facebook.com/apps), create an app for your business (or open the one you have) and add Messenger to it.",
    "In Messenger API Settings, connect your Facebook Page under Generate access tokens and press Generate: copy the Page access token.",
    "In App settings → Basic, press Show next to App secret and copy it.",
    "Find your Page ID: on the Page, under About → Page transparency, or in Meta Business Suite → Settings → Pages.",
    "Paste them here and press Connect: Jai checks the token with Meta at once.",
    "Copy the callback URL and the verify token Jai then shows into Messenger API Settings → Configure webhooks and press Verify and save. Then add the subscriptions Jai lists for your Page.",
  ],
  connect: "Connect Messenger",
  connected: "Messenger is connected.",
  webhookHelp:
    "Paste both into Messenger API Settings → Configure webhooks, press Verify and save, then subscribe your Page to these fields:",
  disconnectTitle: "Disconnect Messenger?",
  disconnectText:
    "The App secret and the tokens are deleted. Messages to your Page are no longer answered; conversations so far stay in the console.",
  disconnected: "Messenger is disconnected.",
};

const instagram: ChannelTexts = {
  title: "Instagram Direct",
  intro:
    "Answer your Instagram professional account's direct messages, through the Facebook Page it is linked to. Customers write first; the bot answers within Meta's 24-hour reply window.",
  steps: [
    "Make your Instagram account a professional account (business or creator) and link it to your Facebook Page.",
    "In the Instagram app, open your message settings and allow connected tools to access your messages.",
    "On Meta for Developers (https://developers.facebook.com/apps), create an app for your business (or open yours) and add Messenger with Instagram messaging.",
    "Generate a Page access token for the linked Page, and copy the App secret from App settings → Basic.",
    "Find the Page ID and the Instagram account ID in Meta Business Suite → Settings (Pages, Instagram accounts).",
    "Paste them here and press Connect: Jai checks the token and the account with Meta at once.",
    "Copy the callback URL and the verify token Jai then shows into your app's webhook settings for Instagram, press Verify and save, and subscribe to the fields Jai lists.",
  ],
  connect: "Connect Instagram",
  connected: "Instagram is connected.",
  webhookHelp:
    "Paste both into your app's webhook settings for Instagram, press Verify and save, then subscribe to these fields:",
  disconnectTitle: "Disconnect Instagram?",
  disconnectText:
    "The App secret and the tokens are deleted. Instagram direct messages are no longer answered; conversations so far stay in the console.",
  disconnected: "Instagram is disconnected.",
};

const en = {
  messenger,
  instagram,
  stepsTitle: "How to connect",
  pageId: "Page ID",
  pageIdHelp: "Digits only.",
  pageAccessToken: "Page access token",
  appSecret: "App secret",
  secretHelp: "Stored encrypted; never shown again, only its last 4 characters.",
  instagramAccountId: "Instagram account ID",
  humanAgent: "My Meta app has the Human Agent permission",
  humanAgentHelp:
    "Meta allows replies within 24 hours of the customer's last message. With this permission (granted through Meta's App Review), a teammate can still reply up to 7 days after; the bot never can.",
  connecting: "Checking with Meta…",
  statusConnected: "Connected",
  statusError: "Needs attention",
  pageLine: (id: string) => `Page ID ${id}`,
  callbackUrl: "Callback URL",
  verifyToken: "Verify token",
  verifyTokenOnce:
    "Copy the verify token now: it is shown only this once. If you lose it, make a new one.",
  verifyTokenHidden: (last4: string) =>
    `Ends in …${last4}. Shown only when it is made: make a new one if you need it again.`,
  newVerifyToken: "New verify token",
  newVerifyTokenDone: "A new verify token is ready: paste it into Meta and verify again.",
  subscribeTitle: "Fields to subscribe",
  verified: "Meta's verification request arrived",
  waiting: "Waiting for Meta's verification request: press Verify and save in your Meta app.",
  signatureFailed:
    "A request arrived whose signature does not match the App secret. Check the App secret and reconnect.",
  lastErrorTitle: "Meta reported a problem",
  reconnect: "Reconnect",
  cancelReconnect: "Cancel",
  humanAgentSaved: "Saved.",
  sentTitle: "This month",
  sent: (count: string) => `${count} messages sent`,
  ignored: (count: string) => `${count} events arrived while the channel was paused`,
  disconnect: "Disconnect",
  disconnecting: "Disconnecting…",
  issues: {
    invalidPageId: "The Page ID is a number (5 to 25 digits).",
    mismatch: "This Page access token belongs to another Page: check the Page ID.",
    invalidAccessToken: "Paste the whole Page access token.",
    refused:
      "Meta refused this Page access token: it may have expired or lack the messaging permission. Generate a new one and paste it in full.",
    invalidAppSecret: "The App secret is 32 letters and digits (App settings → Basic).",
    invalidInstagramAccountId: "The Instagram account ID is a number (5 to 25 digits).",
    instagramRefused:
      "Meta did not find this Instagram account with this token: check the ID, and that the account is linked to the Page.",
    unreachable: "Meta did not answer. Try again in a minute.",
  },
};

export const metaMessages: Bilingual<typeof en> = {
  en,
  th: {
    messenger: {
      title: "Facebook Messenger",
      intro:
        "ตอบข้อความที่เพจ Facebook ของคุณได้รับใน Messenger ลูกค้าเป็นฝ่ายทักก่อนเสมอ และแชทบอทตอบภายในช่วงเวลาตอบกลับ 24 ชั่วโมงของ Meta",
      steps: [
        "ที่ Meta for Developers (https://developers.facebook.com/apps) สร้างแอปสำหรับธุรกิจของคุณ (หรือเปิดแอปที่มีอยู่) แล้วเพิ่ม Messenger",
        "ที่ Messenger API Settings เชื่อมเพจ Facebook ของคุณ แล้วสร้างและคัดลอก Page access token",
        "ที่ App settings → Basic เปิดดู App secret แล้วคัดลอก",
        "หา Page ID ได้ที่หน้าเพจ ในส่วนเกี่ยวกับ → ความโปร่งใสของเพจ หรือใน Meta Business Suite → การตั้งค่า → เพจ",
        "วางค่าทั้งหมดที่นี่แล้วกดเชื่อมต่อ Jai จะตรวจสอบโทเค็นกับ Meta ทันที",
        "คัดลอก Callback URL และ Verify token ที่ Jai แสดงไปวางที่ Messenger API Settings → Configure webhooks แล้วกด Verify and save จากนั้นสมัครรับฟิลด์ที่ Jai แสดงให้เพจของคุณ",
      ],
      connect: "เชื่อมต่อ Messenger",
      connected: "เชื่อมต่อ Messenger แล้ว",
      webhookHelp:
        "วางทั้งสองค่าที่ Messenger API Settings → Configure webhooks กด Verify and save แล้วสมัครรับฟิลด์เหล่านี้ให้เพจของคุณ",
      disconnectTitle: "ยกเลิกการเชื่อมต่อ Messenger ไหม",
      disconnectText:
        "App secret และโทเค็นจะถูกลบ แชทบอทจะไม่ตอบข้อความที่ส่งถึงเพจอีก บทสนทนาที่ผ่านมายังอยู่ในคอนโซล",
      disconnected: "ยกเลิกการเชื่อมต่อ Messenger แล้ว",
    },
    instagram: {
      title: "Instagram Direct",
      intro:
        "ตอบข้อความ Direct ของบัญชีมืออาชีพ Instagram ผ่านเพจ Facebook ที่เชื่อมโยงกับบัญชีนั้น ลูกค้าเป็นฝ่ายทักก่อนเสมอ และแชทบอทตอบภายในช่วงเวลาตอบกลับ 24 ชั่วโมงของ Meta",
      steps: [
        "เปลี่ยนบัญชี Instagram ของคุณเป็นบัญชีมืออาชีพ (ธุรกิจหรือครีเอเตอร์) แล้วเชื่อมโยงกับเพจ Facebook ของคุณ",
        "ในแอป Instagram เปิดการตั้งค่าข้อความ แล้วอนุญาตให้เครื่องมือที่เชื่อมต่อเข้าถึงข้อความของคุณ",
        "ที่ Meta for Developers (https://developers.facebook.com/apps) สร้างแอปสำหรับธุรกิจของคุณ (หรือเปิดแอปที่มีอยู่) แล้วเพิ่ม Messenger พร้อมการรับส่งข้อความ Instagram",
        "สร้าง Page access token ของเพจที่เชื่อมโยงไว้ และคัดลอก App secret จาก App settings → Basic",
        "หา Page ID และ ID บัญชี Instagram ได้ใน Meta Business Suite → การตั้งค่า (เพจ, บัญชี Instagram)",
        "วางค่าทั้งหมดที่นี่แล้วกดเชื่อมต่อ Jai จะตรวจสอบโทเค็นและบัญชีกับ Meta ทันที",
        "คัดลอก Callback URL และ Verify token ที่ Jai แสดงไปวางในการตั้งค่าเว็บฮุกสำหรับ Instagram ของแอป กด Verify and save แล้วสมัครรับฟิลด์ที่ Jai แสดง",
      ],
      connect: "เชื่อมต่อ Instagram",
      connected: "เชื่อมต่อ Instagram แล้ว",
      webhookHelp:
        "วางทั้งสองค่าในการตั้งค่าเว็บฮุกสำหรับ Instagram ของแอป กด Verify and save แล้วสมัครรับฟิลด์เหล่านี้",
      disconnectTitle: "ยกเลิกการเชื่อมต่อ Instagram ไหม",
      disconnectText:
        "App secret และโทเค็นจะถูกลบ แชทบอทจะไม่ตอบข้อความ Direct ใน Instagram อีก บทสนทนาที่ผ่านมายังอยู่ในคอนโซล",
      disconnected: "ยกเลิกการเชื่อมต่อ Instagram แล้ว",
    },
    stepsTitle: "วิธีเชื่อมต่อ",
    pageId: "Page ID",
    pageIdHelp: "ตัวเลขเท่านั้น",
    pageAccessToken: "Page access token",
    appSecret: "App secret",
    secretHelp: "เก็บแบบเข้ารหัส ระบบจะไม่แสดงอีก แสดงเพียง 4 ตัวท้าย",
    instagramAccountId: "ID บัญชี Instagram",
    humanAgent: "แอป Meta ของฉันได้รับสิทธิ์ Human Agent แล้ว",
    humanAgentHelp:
      "Meta ให้ตอบได้ภายใน 24 ชั่วโมงหลังข้อความล่าสุดของลูกค้า เมื่อมีสิทธิ์นี้ (ได้จาก App Review ของ Meta) สมาชิกทีมยังตอบได้จนถึง 7 วัน แต่แชทบอทตอบได้แค่ 24 ชั่วโมงเสมอ",
    connecting: "กำลังตรวจสอบกับ Meta…",
    statusConnected: "เชื่อมต่อแล้ว",
    statusError: "ต้องแก้ไข",
    pageLine: (id) => `Page ID ${id}`,
    callbackUrl: "Callback URL",
    verifyToken: "Verify token",
    verifyTokenOnce: "คัดลอก Verify token ตอนนี้เลย ระบบแสดงเพียงครั้งเดียว ถ้าทำหายให้สร้างใหม่",
    verifyTokenHidden: (last4) => `ลงท้ายด้วย …${last4} ระบบแสดงเฉพาะตอนสร้าง ถ้าต้องใช้อีกให้สร้างใหม่`,
    newVerifyToken: "สร้าง Verify token ใหม่",
    newVerifyTokenDone: "สร้าง Verify token ใหม่แล้ว นำไปวางใน Meta แล้วยืนยันอีกครั้ง",
    subscribeTitle: "ฟิลด์ที่ต้องสมัครรับ",
    verified: "ได้รับคำขอยืนยันจาก Meta แล้ว",
    waiting: "รอคำขอยืนยันจาก Meta: กด Verify and save ในแอป Meta ของคุณ",
    signatureFailed: "มีคำขอเข้ามาแต่ลายเซ็นไม่ตรงกับ App secret กรุณาตรวจสอบ App secret แล้วเชื่อมต่อใหม่",
    lastErrorTitle: "Meta แจ้งปัญหา",
    reconnect: "เชื่อมต่อใหม่",
    cancelReconnect: "ยกเลิก",
    humanAgentSaved: "บันทึกแล้ว",
    sentTitle: "เดือนนี้",
    sent: (count) => `ส่งไปแล้ว ${count} ข้อความ`,
    ignored: (count) => `มี ${count} เหตุการณ์เข้ามาระหว่างที่ช่องทางหยุดไว้`,
    disconnect: "ยกเลิกการเชื่อมต่อ",
    disconnecting: "กำลังยกเลิกการเชื่อมต่อ…",
    issues: {
      invalidPageId: "Page ID เป็นตัวเลข 5 ถึง 25 หลัก",
      mismatch: "Page access token นี้เป็นของเพจอื่น กรุณาตรวจสอบ Page ID",
      invalidAccessToken: "วาง Page access token ให้ครบทั้งหมด",
      refused:
        "Meta ไม่ยอมรับ Page access token นี้ โทเค็นอาจหมดอายุหรือไม่มีสิทธิ์ส่งข้อความ กรุณาสร้างโทเค็นใหม่แล้ววางให้ครบ",
      invalidAppSecret: "App secret คือตัวอักษรและตัวเลข 32 ตัว (App settings → Basic)",
      invalidInstagramAccountId: "ID บัญชี Instagram เป็นตัวเลข 5 ถึง 25 หลัก",
      instagramRefused:
        "Meta ไม่พบบัญชี Instagram นี้ด้วยโทเค็นนี้ กรุณาตรวจสอบ ID และตรวจว่าบัญชีเชื่อมโยงกับเพจแล้ว",
      unreachable: "Meta ไม่ตอบกลับ ลองใหม่อีกครั้งในอีกสักครู่",
    },
  },
};
