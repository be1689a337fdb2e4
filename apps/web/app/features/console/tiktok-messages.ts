import type { Bilingual } from "~/i18n/use-locale";

const en = {
  title: "TikTok messages",
  intro: "Answer the direct messages customers send your TikTok business account.",
  approval:
    "TikTok must first approve your business account for its Business Messaging API, and does not offer it in every region (not in the European Economic Area, Switzerland or the United Kingdom). Until TikTok approves it, connecting shows TikTok's own answer here.",
  window:
    "TikTok lets a business reply within 48 hours of the customer's last message and never write first. After 48 hours the bot stays silent until the customer writes again.",
  stepsTitle: "How to connect",
  steps: [
    "Use a TikTok business account that accepts direct messages from everyone.",
    "On TikTok API for Business (https://business-api.tiktok.com/portal), create a developer app and apply for the Business Messaging API. Wait for TikTok's approval.",
    "On the app's page, copy the App ID and the App secret.",
    "Authorise the app on your business account and copy the business account ID and the access token it gives.",
    "Paste the four here and press Connect: Jai checks them with TikTok at once.",
    "Copy the webhook URL Jai then shows into your developer app's webhook settings and subscribe to direct message events.",
  ],
  appId: "App ID",
  appSecret: "App secret",
  secretHelp: "Stored encrypted; never shown again, only its last 4 characters.",
  businessId: "Business account ID",
  accessToken: "Access token",
  connect: "Connect TikTok",
  connecting: "Checking with TikTok…",
  connected: "TikTok is connected.",
  statusConnected: "Connected",
  statusError: "Needs attention",
  /** Before the token's last 4 characters. */
  tokenShort: "access token",
  businessLine: (id: string) => `Business account ID ${id}`,
  webhookUrl: "Webhook URL",
  webhookHelp:
    "Paste into your TikTok developer app's webhook settings and subscribe to direct message events.",
  verified: "A signed event from TikTok arrived",
  waiting:
    "Waiting for TikTok's first event: send your business account a direct message from another TikTok account.",
  signatureFailed:
    "A request arrived whose signature does not match the App secret. Check the App secret and reconnect.",
  lastErrorTitle: "TikTok reported a problem",
  reconnect: "Reconnect",
  cancelReconnect: "Cancel",
  sentTitle: "This month",
  sent: (count: string) => `${count} messages sent`,
  ignored: (count: string) => `${count} events arrived while the channel was paused`,
  disconnect: "Disconnect",
  disconnectTitle: "Disconnect TikTok?",
  disconnectText:
    "The App secret and the access token are deleted. TikTok direct messages are no longer answered; conversations so far stay in the console.",
  disconnecting: "Disconnecting…",
  disconnected: "TikTok is disconnected.",
  /** Above TikTok's own words (in English, as TikTok wrote them). */
  tiktokAnswer: "TikTok's answer:",
  issues: {
    invalidAppId: "The App ID is 4 to 64 letters, digits, - or _.",
    invalidAppSecret: "The App secret is 16 to 128 letters, digits, - or _.",
    invalidBusinessId: "Paste the business account ID as TikTok gives it.",
    invalidAccessToken: "Paste the whole access token.",
    notApproved:
      "TikTok has not approved this business account for the Business Messaging API. Apply for it on TikTok API for Business, then connect again.",
    tokenRefused:
      "TikTok refused this access token: it may be wrong, expired or revoked. Authorise the app again and paste the new token.",
    refused: "TikTok refused to connect. Check the four values.",
    unreachable: "TikTok did not answer. Try again in a minute.",
  },
};

export const tiktokMessages: Bilingual<typeof en> = {
  en,
  th: {
    title: "ข้อความ TikTok",
    intro: "ตอบข้อความ Direct ที่ลูกค้าส่งถึงบัญชีธุรกิจ TikTok ของคุณ",
    approval:
      "TikTok ต้องอนุมัติบัญชีธุรกิจของคุณให้ใช้ Business Messaging API ก่อน และยังไม่เปิดให้บริการในทุกภูมิภาค (ไม่มีในเขตเศรษฐกิจยุโรป สวิตเซอร์แลนด์ และสหราชอาณาจักร) ระหว่างที่ยังไม่ได้รับการอนุมัติ เมื่อกดเชื่อมต่อ หน้านี้จะแสดงคำตอบของ TikTok เอง",
    window:
      "TikTok ให้ธุรกิจตอบได้ภายใน 48 ชั่วโมงหลังข้อความล่าสุดของลูกค้า และไม่ให้ธุรกิจทักลูกค้าก่อน พ้น 48 ชั่วโมงแล้วแชทบอทจะเงียบจนกว่าลูกค้าจะส่งข้อความมาใหม่",
    stepsTitle: "วิธีเชื่อมต่อ",
    steps: [
      "ใช้บัญชีธุรกิจ TikTok ที่เปิดรับข้อความ Direct จากทุกคน",
      "ที่ TikTok API for Business (https://business-api.tiktok.com/portal) สร้างแอปนักพัฒนาแล้วขอใช้ Business Messaging API จากนั้นรอ TikTok อนุมัติ",
      "ที่หน้าของแอป คัดลอก App ID และ App secret",
      "อนุญาตให้แอปเข้าถึงบัญชีธุรกิจของคุณ แล้วคัดลอก ID บัญชีธุรกิจและ access token ที่ได้",
      "วางทั้งสี่ค่าที่นี่แล้วกดเชื่อมต่อ Jai จะตรวจสอบกับ TikTok ทันที",
      "คัดลอก Webhook URL ที่ Jai แสดงไปวางในการตั้งค่าเว็บฮุกของแอปนักพัฒนา แล้วสมัครรับเหตุการณ์ข้อความ Direct",
    ],
    appId: "App ID",
    appSecret: "App secret",
    secretHelp: "เก็บแบบเข้ารหัส ระบบจะไม่แสดงอีก แสดงเพียง 4 ตัวท้าย",
    businessId: "ID บัญชีธุรกิจ",
    accessToken: "โทเค็นการเข้าถึง (access token)",
    connect: "เชื่อมต่อ TikTok",
    connecting: "กำลังตรวจสอบกับ TikTok…",
    connected: "เชื่อมต่อ TikTok แล้ว",
    statusConnected: "เชื่อมต่อแล้ว",
    statusError: "ต้องแก้ไข",
    tokenShort: "access token",
    businessLine: (id) => `ID บัญชีธุรกิจ ${id}`,
    webhookUrl: "Webhook URL",
    webhookHelp: "วางในการตั้งค่าเว็บฮุกของแอปนักพัฒนา TikTok แล้วสมัครรับเหตุการณ์ข้อความ Direct",
    verified: "ได้รับเหตุการณ์ที่มีลายเซ็นจาก TikTok แล้ว",
    waiting: "รอเหตุการณ์แรกจาก TikTok: ลองส่งข้อความ Direct ถึงบัญชีธุรกิจของคุณจากบัญชี TikTok อื่น",
    signatureFailed: "มีคำขอเข้ามาแต่ลายเซ็นไม่ตรงกับ App secret กรุณาตรวจสอบ App secret แล้วเชื่อมต่อใหม่",
    lastErrorTitle: "TikTok แจ้งปัญหา",
    reconnect: "เชื่อมต่อใหม่",
    cancelReconnect: "ยกเลิก",
    sentTitle: "เดือนนี้",
    sent: (count) => `ส่งไปแล้ว ${count} ข้อความ`,
    ignored: (count) => `มี ${count} เหตุการณ์เข้ามาระหว่างที่ช่องทางหยุดไว้`,
    disconnect: "ยกเลิกการเชื่อมต่อ",
    disconnectTitle: "ยกเลิกการเชื่อมต่อ TikTok ไหม",
    disconnectText:
      "App secret และโทเค็นจะถูกลบ แชทบอทจะไม่ตอบข้อความ Direct ใน TikTok อีก บทสนทนาที่ผ่านมายังอยู่ในคอนโซล",
    disconnecting: "กำลังยกเลิกการเชื่อมต่อ…",
    disconnected: "ยกเลิกการเชื่อมต่อ TikTok แล้ว",
    tiktokAnswer: "คำตอบของ TikTok (ภาษาอังกฤษ):",
    issues: {
      invalidAppId: "App ID คือตัวอักษร ตัวเลข - หรือ _ ยาว 4 ถึง 64 ตัว",
      invalidAppSecret: "App secret คือตัวอักษร ตัวเลข - หรือ _ ยาว 16 ถึง 128 ตัว",
      invalidBusinessId: "วาง ID บัญชีธุรกิจตามที่ TikTok ให้มา",
      invalidAccessToken: "วาง access token ให้ครบทั้งหมด",
      notApproved:
        "TikTok ยังไม่ได้อนุมัติบัญชีธุรกิจนี้ให้ใช้ Business Messaging API กรุณายื่นขอที่ TikTok API for Business แล้วเชื่อมต่อใหม่",
      tokenRefused:
        "TikTok ไม่ยอมรับ access token นี้ โทเค็นอาจไม่ถูกต้อง หมดอายุ หรือถูกเพิกถอน กรุณาอนุญาตแอปอีกครั้งแล้ววางโทเค็นใหม่",
      refused: "TikTok ไม่ยอมให้เชื่อมต่อ กรุณาตรวจสอบทั้งสี่ค่าอีกครั้ง",
      unreachable: "TikTok ไม่ตอบกลับ ลองใหม่อีกครั้งในอีกสักครู่",
    },
  },
};
