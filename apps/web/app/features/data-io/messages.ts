import type {
  AnalyticsPeriod,
  ExportFormat,
  ExportKind,
  ImportRowError,
  ImportTarget,
  SheetSyncErrorCode,
  SheetSyncKindId,
} from "@jai/contracts/analytics";
import type { InboxChannel } from "@jai/contracts/inbox";
import { planNames } from "~/i18n/plan-names";
import type { Bilingual } from "~/i18n/use-locale";

/** What can be wrong with an uploaded file (the server's `fields.file`, and a few of the page's). */
export type FileIssue = "missing" | "empty" | "type" | "xls" | "tooLarge" | "corrupt" | "size";
/** What a custom period can be missing. */
export type RangeIssue = "missing" | "order" | "tooLong";

const columnNames = {
  en: { question: "question", answer: "answer", language: "language" },
  th: { question: "คำถาม", answer: "คำตอบ", language: "ภาษา" },
} as const;

const en = {
  title: "Data",
  intro: "Export your data as files, import questions and answers, and connect Google Sheets.",
  plans: planNames.en,
  networkError: "Could not reach the server. Check your connection and try again.",
  unknownError: "Something went wrong. Please try again.",
  loading: "Loading...",
  cancel: "Cancel",
  bot: "Bot",
  allBots: "All bots",
  noBots: "Create a bot first: exports, imports and sheets all belong to a bot.",
  export: {
    title: "Export",
    intro:
      "Download conversations, messages, contacts, feedback or the daily figures as a CSV or Excel file, for the period you choose.",
    kind: "What to export",
    kinds: {
      conversations: "Conversations",
      messages: "Messages",
      contacts: "Contacts",
      feedback: "Feedback (thumbs and satisfaction scores)",
      analytics: "Daily figures",
    } satisfies Record<ExportKind, string>,
    format: "File type",
    formats: { csv: "CSV", xlsx: "Excel" } satisfies Record<ExportFormat, string>,
    period: "Period",
    periods: {
      today: "Today",
      "7d": "Last 7 days",
      "30d": "Last 30 days",
      "90d": "Last 90 days",
      custom: "Custom",
    } satisfies Record<AnalyticsPeriod, string>,
    from: "From",
    to: "To",
    channel: "Channel",
    allChannels: "All channels",
    channels: {
      web: "Bot page",
      widget: "Website widget",
      api: "API",
      line: "LINE",
      messenger: "Messenger",
      instagram: "Instagram",
      tiktok: "TikTok",
    } satisfies Record<InboxChannel, string>,
    rangeIssues: {
      missing: "Choose the first and the last day.",
      order: "The first day must not come after the last day.",
      tooLong: "A period can be at most 366 days.",
    } satisfies Record<RangeIssue, string>,
    download: "Download",
    note: "Column names come in the page's language. Times are given twice: in UTC and in your workspace's time zone. A file holds at most 1,000,000 rows: choose a shorter period or one bot for more.",
    locked: (plan: string) => `Exports come with the ${plan} plan and above.`,
    upgrade: "See plans",
  },
  import: {
    title: "Import",
    intro:
      "Add many questions and answers at once from a CSV or Excel file. The first row names the columns: question, answer and language (th, en, or empty for any). Thai column names work too: คำถาม, คำตอบ, ภาษา.",
    target: "Import into",
    targets: {
      faqs: "The bot's FAQs",
      curated: "The bot's curated answers",
    } satisfies Record<ImportTarget, string>,
    targetHints: {
      faqs: "The FAQs belong to the bot's persona: every bot with this persona gets them. At most 200.",
      curated:
        "Curated answers are given before anything else, in both languages. At most 1,000 per bot.",
    } satisfies Record<ImportTarget, string>,
    file: "File",
    fileHint: "CSV or Excel, at most 5 MB and 2,000 rows.",
    check: "Check the file",
    checking: "Checking the file...",
    fileIssues: {
      missing: "Choose a file first.",
      empty: "The file is empty.",
      type: "This is not a CSV or Excel file.",
      xls: "This is an old Excel file (.xls): save it as .xlsx or .csv and try again.",
      tooLarge: "The workbook is too big once opened. Keep only the questions and answers in it.",
      corrupt: "The workbook could not be read. Save it again from Excel or Google Sheets.",
      size: "The file is larger than 5 MB.",
    } satisfies Record<FileIssue, string>,
    summary: (rows: string, added: string, replaced: string) =>
      `${rows} rows read: ${added} new, ${replaced} replacing an answer the bot has.`,
    table: "The file's rows",
    shownRows: (shown: string, total: string) => `The first ${shown} of ${total} rows are shown.`,
    columns: { row: "Row", question: "Question", answer: "Answer", language: "Language" },
    languages: { th: "Thai", en: "English", any: "Any" },
    problems: (count: string) =>
      `${count} problems. Fix them in the file and check it again: nothing is imported while a row has a problem.`,
    noProblems: "No problems found.",
    problem: (error: ImportRowError, row: string): string => {
      const column = error.column ? columnNames.en[error.column] : null;
      switch (error.code) {
        case "missing":
          return `Row ${row}: the ${column} is missing.`;
        case "too_long":
          return `Row ${row}: the ${column} is too long.`;
        case "bad_language":
          return `Row ${row}: the language must be th, en or empty.`;
        case "duplicate":
          return `Row ${row}: the same question as an earlier row.`;
        case "too_many":
          return `Row ${row}: too many rows. The bot would have more than it may keep from here on.`;
      }
    },
    confirm: "Import",
    importing: "Importing...",
    done: (added: string, replaced: string) => `Imported: ${added} new, ${replaced} replaced.`,
    changed:
      "The bot's questions changed since the check. Check the file again to see what it would do now.",
  },
  sheets: {
    title: "Google Sheets",
    intro:
      "Keep FAQs in a Google Sheet and Jai syncs them every hour, or let Jai add new conversations and leads to a sheet as they come.",
    notConfigured:
      "Google Sheets is not set up on this server yet. The server's administrator adds a Google service account to its settings first.",
    shareWith: "Share your sheets with this service account",
    shareHow:
      "In Google Sheets, choose Share, paste this address and give it Viewer access for an FAQ sheet, or Editor access for a sheet Jai adds rows to.",
    copy: "Copy",
    copied: "Copied.",
    copyFailed: "Could not copy. Select the address and copy it yourself.",
    form: "Link a sheet",
    kind: "What the sheet is for",
    kinds: {
      faqs: "FAQs: Jai reads the sheet",
      conversations: "New conversations: Jai adds rows",
      leads: "New leads (an email or phone number): Jai adds rows",
    } satisfies Record<SheetSyncKindId, string>,
    kindsShort: {
      faqs: "FAQs from the sheet",
      conversations: "New conversations",
      leads: "New leads",
    } satisfies Record<SheetSyncKindId, string>,
    faqsNote:
      "FAQs from a sheet become the bot's curated answers: the sheet is where you edit them. Answers you write in Jai stay as they are.",
    spreadsheet: "Sheet link",
    spreadsheetHint:
      "The sheet's address from the browser (https://docs.google.com/spreadsheets/d/…) or its ID.",
    sheetName: "Tab name",
    sheetNameHint: "As shown at the bottom of the sheet, for example Sheet1.",
    spreadsheetInvalid: "Paste the sheet's address or its ID.",
    save: "Link the sheet",
    saving: "Linking...",
    saved: "Linked. Syncing now...",
    replaces: "A bot has one sheet of each kind: linking another replaces it.",
    linked: "Linked sheets",
    none: "No sheet linked yet.",
    open: "Open the sheet",
    tab: "Tab",
    lastRun: "Last sync",
    never: "Not yet",
    nextRun: "Next sync",
    upToDate: "Up to date.",
    syncNow: "Sync now",
    syncing: "Syncing...",
    running: "A sync is already running. Try again in a moment.",
    remove: "Remove",
    removeTitle: "Remove this link?",
    removeText:
      "Jai stops syncing this sheet. The sheet itself and the answers already synced stay.",
    removing: "Removing...",
    errors: {
      forbidden: (email: string) =>
        `Jai may not open this sheet. Share it with ${email} and sync again.`,
      not_found: "The sheet was not found. Check its link.",
      tab_not_found: (tab: string) => `The sheet has no tab named "${tab}". Check the tab name.`,
      auth: "Google refused this server's service account. Ask the server's administrator to check its settings.",
      rate_limited: (time: string) =>
        `Google asked Jai to slow down for a moment. Jai tries again at ${time}.`,
      unavailable: (time: string) =>
        `Google Sheets could not be reached. Jai tries again at ${time}.`,
      invalid_rows: (rows: string) =>
        `Rows ${rows} of the sheet have a problem (a question or answer missing or too long, an unknown language, a question twice, or too many rows). Nothing changed: fix them and sync again.`,
      too_many: "The sheet has more answers than a bot may keep (1,000). Nothing changed.",
      not_configured: "Google Sheets is no longer set up on this server.",
      unknown: "The last sync did not go through.",
    } satisfies Record<SheetSyncErrorCode, string | ((value: string) => string)>,
  },
};

export type DataMessages = typeof en;

const th: DataMessages = {
  title: "ข้อมูล",
  intro: "ส่งออกข้อมูลเป็นไฟล์ นำเข้าคำถามและคำตอบ และเชื่อมต่อ Google Sheets",
  plans: planNames.th,
  networkError: "ติดต่อเซิร์ฟเวอร์ไม่ได้ กรุณาตรวจสอบการเชื่อมต่อแล้วลองใหม่",
  unknownError: "เกิดข้อผิดพลาด กรุณาลองใหม่",
  loading: "กำลังโหลด...",
  cancel: "ยกเลิก",
  bot: "บอท",
  allBots: "บอททั้งหมด",
  noBots: "สร้างบอทก่อน การส่งออก การนำเข้า และสเปรดชีตเป็นของบอทแต่ละตัว",
  export: {
    title: "ส่งออก",
    intro:
      "ดาวน์โหลดบทสนทนา ข้อความ ผู้ติดต่อ ความคิดเห็น หรือตัวเลขรายวัน เป็นไฟล์ CSV หรือ Excel ตามช่วงเวลาที่เลือก",
    kind: "ข้อมูลที่จะส่งออก",
    kinds: {
      conversations: "บทสนทนา",
      messages: "ข้อความ",
      contacts: "ผู้ติดต่อ",
      feedback: "ความคิดเห็น (ถูกใจ ไม่ถูกใจ และคะแนนความพึงพอใจ)",
      analytics: "ตัวเลขรายวัน",
    },
    format: "ประเภทไฟล์",
    formats: { csv: "CSV", xlsx: "Excel" },
    period: "ช่วงเวลา",
    periods: {
      today: "วันนี้",
      "7d": "7 วันล่าสุด",
      "30d": "30 วันล่าสุด",
      "90d": "90 วันล่าสุด",
      custom: "กำหนดเอง",
    },
    from: "ตั้งแต่",
    to: "ถึง",
    channel: "ช่องทาง",
    allChannels: "ทุกช่องทาง",
    channels: {
      web: "หน้าแชทบอท",
      widget: "วิดเจ็ตบนเว็บไซต์",
      api: "API",
      line: "LINE",
      messenger: "Messenger",
      instagram: "Instagram",
      tiktok: "TikTok",
    },
    rangeIssues: {
      missing: "เลือกวันแรกและวันสุดท้าย",
      order: "วันแรกต้องไม่อยู่หลังวันสุดท้าย",
      tooLong: "ช่วงเวลายาวได้ไม่เกิน 366 วัน",
    },
    download: "ดาวน์โหลด",
    note: "ชื่อคอลัมน์เป็นภาษาเดียวกับหน้านี้ เวลามีให้สองแบบ คือเวลาสากลและเวลาตามเขตเวลาของเวิร์กสเปซ ไฟล์หนึ่งมีได้ไม่เกิน 1,000,000 แถว ถ้าข้อมูลมากกว่านั้น ให้เลือกช่วงเวลาสั้นลงหรือเลือกบอททีละตัว",
    locked: (plan: string) => `การส่งออกข้อมูลมีในแพ็กเกจ${plan}ขึ้นไป`,
    upgrade: "ดูแพ็กเกจ",
  },
  import: {
    title: "นำเข้า",
    intro:
      "เพิ่มคำถามและคำตอบทีละมาก ๆ จากไฟล์ CSV หรือ Excel แถวแรกเป็นชื่อคอลัมน์ ได้แก่ คำถาม คำตอบ และภาษา (th, en หรือเว้นว่างเพื่อใช้ได้ทุกภาษา) ใช้ชื่อคอลัมน์ภาษาอังกฤษก็ได้",
    target: "นำเข้าไปที่",
    targets: {
      faqs: "คำถามที่พบบ่อยของบอท",
      curated: "คำตอบที่คัดสรรของบอท",
    },
    targetHints: {
      faqs: "คำถามที่พบบ่อยเป็นของเพอร์โซนาของบอท บอททุกตัวที่ใช้เพอร์โซนานี้จะได้ไปด้วย มีได้ไม่เกิน 200 ข้อ",
      curated: "บอทจะใช้คำตอบที่คัดสรรก่อนข้อมูลอื่น ได้ทั้งสองภาษา มีได้ไม่เกิน 1,000 ข้อต่อบอท",
    },
    file: "ไฟล์",
    fileHint: "CSV หรือ Excel ขนาดไม่เกิน 5 เมกะไบต์ และไม่เกิน 2,000 แถว",
    check: "ตรวจไฟล์",
    checking: "กำลังตรวจไฟล์...",
    fileIssues: {
      missing: "เลือกไฟล์ก่อน",
      empty: "ไฟล์นี้ว่างเปล่า",
      type: "ไฟล์นี้ไม่ใช่ CSV หรือ Excel",
      xls: "ไฟล์นี้เป็น Excel แบบเก่า กรุณาบันทึกใหม่เป็นไฟล์ Excel รุ่นปัจจุบันหรือ CSV แล้วลองอีกครั้ง",
      tooLarge: "เวิร์กบุ๊กนี้ใหญ่เกินไปเมื่อเปิดออก กรุณาเก็บไว้เฉพาะคำถามและคำตอบ",
      corrupt: "อ่านเวิร์กบุ๊กนี้ไม่ได้ กรุณาบันทึกใหม่จาก Excel หรือ Google Sheets",
      size: "ไฟล์ใหญ่กว่า 5 เมกะไบต์",
    },
    summary: (rows: string, added: string, replaced: string) =>
      `อ่านได้ ${rows} แถว เป็นคำถามใหม่ ${added} ข้อ และแทนคำตอบเดิมของบอท ${replaced} ข้อ`,
    table: "แถวในไฟล์",
    shownRows: (shown: string, total: string) => `แสดง ${shown} แถวแรกจากทั้งหมด ${total} แถว`,
    columns: { row: "แถว", question: "คำถาม", answer: "คำตอบ", language: "ภาษา" },
    languages: { th: "ไทย", en: "อังกฤษ", any: "ทุกภาษา" },
    problems: (count: string) =>
      `พบปัญหา ${count} จุด กรุณาแก้ในไฟล์แล้วตรวจใหม่ ระบบจะไม่นำเข้าอะไรเลยจนกว่าทุกแถวจะถูกต้อง`,
    noProblems: "ไม่พบปัญหา",
    problem: (error: ImportRowError, row: string): string => {
      const column = error.column ? columnNames.th[error.column] : null;
      switch (error.code) {
        case "missing":
          return `แถว ${row}: ไม่มี${column}`;
        case "too_long":
          return `แถว ${row}: ${column}ยาวเกินไป`;
        case "bad_language":
          return `แถว ${row}: ภาษาต้องเป็น th, en หรือเว้นว่าง`;
        case "duplicate":
          return `แถว ${row}: คำถามซ้ำกับแถวก่อนหน้า`;
        case "too_many":
          return `แถว ${row}: มีแถวมากเกินไป ตั้งแต่แถวนี้บอทจะมีเกินจำนวนที่เก็บได้`;
      }
    },
    confirm: "นำเข้า",
    importing: "กำลังนำเข้า...",
    done: (added: string, replaced: string) =>
      `นำเข้าแล้ว เพิ่มใหม่ ${added} ข้อ แทนของเดิม ${replaced} ข้อ`,
    changed: "คำถามของบอทเปลี่ยนไปหลังจากตรวจไฟล์ กรุณาตรวจไฟล์อีกครั้งเพื่อดูผลล่าสุด",
  },
  sheets: {
    title: "Google Sheets",
    intro:
      "เก็บคำถามที่พบบ่อยไว้ใน Google Sheets แล้ว Jai จะซิงก์ให้ทุกชั่วโมง หรือให้ Jai เพิ่มบทสนทนาใหม่และรายชื่อลูกค้าที่สนใจลงในสเปรดชีตทันทีที่เข้ามา",
    notConfigured:
      "เซิร์ฟเวอร์นี้ยังไม่ได้ตั้งค่า Google Sheets ผู้ดูแลเซิร์ฟเวอร์ต้องเพิ่มบัญชีบริการของ Google ในการตั้งค่าก่อน",
    shareWith: "แชร์สเปรดชีตของคุณให้บัญชีบริการนี้",
    shareHow:
      "ใน Google Sheets เลือก “แชร์” วางอีเมลนี้ แล้วให้สิทธิ์ “ผู้มีสิทธิ์อ่าน” สำหรับสเปรดชีตคำถามที่พบบ่อย หรือ “ผู้แก้ไข” สำหรับสเปรดชีตที่ให้ Jai เพิ่มแถว",
    copy: "คัดลอก",
    copied: "คัดลอกแล้ว",
    copyFailed: "คัดลอกไม่ได้ กรุณาเลือกอีเมลแล้วคัดลอกเอง",
    form: "เชื่อมต่อสเปรดชีต",
    kind: "ใช้สเปรดชีตนี้ทำอะไร",
    kinds: {
      faqs: "คำถามที่พบบ่อย: Jai อ่านจากสเปรดชีต",
      conversations: "บทสนทนาใหม่: Jai เพิ่มแถวให้",
      leads: "ลูกค้าที่สนใจรายใหม่ (มีอีเมลหรือเบอร์โทร): Jai เพิ่มแถวให้",
    },
    kindsShort: {
      faqs: "คำถามที่พบบ่อยจากสเปรดชีต",
      conversations: "บทสนทนาใหม่",
      leads: "ลูกค้าที่สนใจรายใหม่",
    },
    faqsNote:
      "คำถามที่พบบ่อยจากสเปรดชีตจะเป็นคำตอบที่คัดสรรของบอท ให้แก้ไขที่สเปรดชีต ส่วนคำตอบที่คุณเขียนใน Jai จะยังอยู่เหมือนเดิม",
    spreadsheet: "ลิงก์สเปรดชีต",
    spreadsheetHint:
      "ที่อยู่ของสเปรดชีตจากเบราว์เซอร์ (https://docs.google.com/spreadsheets/d/…) หรือรหัสของสเปรดชีต",
    sheetName: "ชื่อแท็บ",
    sheetNameHint: "ตามที่เห็นด้านล่างของสเปรดชีต เช่น ชีต1",
    spreadsheetInvalid: "วางที่อยู่หรือรหัสของสเปรดชีต",
    save: "เชื่อมต่อสเปรดชีต",
    saving: "กำลังเชื่อมต่อ...",
    saved: "เชื่อมต่อแล้ว กำลังซิงก์...",
    replaces: "บอทหนึ่งตัวมีสเปรดชีตได้อย่างละหนึ่งแบบ ถ้าเชื่อมต่ออันใหม่จะแทนที่อันเดิม",
    linked: "สเปรดชีตที่เชื่อมต่อ",
    none: "ยังไม่ได้เชื่อมต่อสเปรดชีต",
    open: "เปิดสเปรดชีต",
    tab: "แท็บ",
    lastRun: "ซิงก์ล่าสุด",
    never: "ยังไม่เคย",
    nextRun: "ซิงก์ครั้งถัดไป",
    upToDate: "ข้อมูลล่าสุดแล้ว",
    syncNow: "ซิงก์ตอนนี้",
    syncing: "กำลังซิงก์...",
    running: "กำลังซิงก์อยู่ กรุณาลองใหม่อีกสักครู่",
    remove: "ลบ",
    removeTitle: "ลบการเชื่อมต่อนี้ไหม",
    removeText: "Jai จะหยุดซิงก์สเปรดชีตนี้ ตัวสเปรดชีตและคำตอบที่ซิงก์มาแล้วยังอยู่",
    removing: "กำลังลบ...",
    errors: {
      forbidden: (email: string) => `Jai เปิดสเปรดชีตนี้ไม่ได้ กรุณาแชร์ให้ ${email} แล้วซิงก์อีกครั้ง`,
      not_found: "ไม่พบสเปรดชีตนี้ กรุณาตรวจสอบลิงก์",
      tab_not_found: (tab: string) => `สเปรดชีตนี้ไม่มีแท็บชื่อ “${tab}” กรุณาตรวจสอบชื่อแท็บ`,
      auth: "Google ไม่ยอมรับบัญชีบริการของเซิร์ฟเวอร์นี้ กรุณาให้ผู้ดูแลเซิร์ฟเวอร์ตรวจสอบการตั้งค่า",
      rate_limited: (time: string) => `Google ขอให้ Jai ชะลอสักครู่ Jai จะลองใหม่เวลา ${time}`,
      unavailable: (time: string) => `ติดต่อ Google Sheets ไม่ได้ Jai จะลองใหม่เวลา ${time}`,
      invalid_rows: (rows: string) =>
        `แถว ${rows} ในสเปรดชีตมีปัญหา (ไม่มีคำถามหรือคำตอบ ข้อความยาวเกินไป ภาษาไม่ถูกต้อง คำถามซ้ำ หรือมีแถวมากเกินไป) ยังไม่มีอะไรเปลี่ยน กรุณาแก้แล้วซิงก์อีกครั้ง`,
      too_many: "สเปรดชีตมีคำตอบมากกว่าที่บอทเก็บได้ (1,000 ข้อ) ยังไม่มีอะไรเปลี่ยน",
      not_configured: "เซิร์ฟเวอร์นี้ไม่ได้ตั้งค่า Google Sheets แล้ว",
      unknown: "การซิงก์ครั้งล่าสุดไม่สำเร็จ",
    },
  },
};

export const dataMessages: Bilingual<DataMessages> = { en, th };
