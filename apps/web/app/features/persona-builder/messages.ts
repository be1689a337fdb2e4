import type { PersonaGender } from "@jai/contracts/persona";
import type { PersonaFileProblem } from "@jai/contracts/persona-file";
import { personaLanguageNames, personaRoleNames, personaToneNames } from "~/i18n/persona-labels";
import type { Bilingual } from "~/i18n/use-locale";

type ListField = "defaultReplies" | "catchphrases";

/** The builder's tabs, in order; the first one is active when the page opens. */
export const personaBuilderTabs = [
  "identity",
  "voice",
  "greeting",
  "behavior",
  "context",
  "knowledge",
  "advanced",
  "export",
] as const;
export type PersonaBuilderTab = (typeof personaBuilderTabs)[number];

type TabMessages = {
  label: string;
  title: string;
  description: string;
};

export const en = {
  meta: {
    title: "Persona Builder",
    description:
      "Design your AI chatbot's persona: identity, voice, greeting, behavior, context, knowledge and export, all in one place.",
  },
  backToHome: "Back to Home",
  hero: {
    eyebrow: "Persona Builder",
    /** Phrases that each stay on one line where possible (Thai has no spaces to break at). */
    title: ["Build your chatbot's persona"],
    intro:
      "Give your bot a name, a voice and the knowledge it needs, one tab at a time. Everything you set here shapes how it greets, answers and sounds on every channel.",
  },
  tabsLabel: "Persona builder sections",
  step: (current: number, total: number) => `Step ${current} of ${total}`,
  previous: (label: string) => `Back: ${label}`,
  next: (label: string) => `Next: ${label}`,
  closeLabel: "Close",
  counter: (used: number, max: number) =>
    `${used.toLocaleString("en-US")} / ${max.toLocaleString("en-US")}`,
  atLimit: (max: number) => `Limit of ${max.toLocaleString("en-US")} characters reached`,
  fields: {
    name: { label: "Name", placeholder: "e.g. Mali from Baan Coffee" },
    avatar: { label: "Avatar" },
    role: {
      label: "Role",
      choose: "Choose a role",
      other: "Other (type your own)",
      custom: "Your own role",
      customPlaceholder: "e.g. Booking assistant",
      roles: personaRoleNames.en,
    },
    gender: {
      label: "Gender",
      options: {
        male: "Male",
        female: "Female",
        not_to_say: "Prefer not to say",
      } satisfies Record<PersonaGender, string>,
    },
    bio: { label: "Bio", placeholder: "What your bot does and for whom, in a few sentences." },
    tone: {
      label: "Tone",
      choose: "Choose a tone",
      options: personaToneNames.en,
    },
    customTone: {
      label: "Custom tone",
      placeholder: "Describe the tone in your own words, e.g. warm, short sentences, no slang.",
    },
    language: {
      label: "Language",
      options: personaLanguageNames.en,
    },
    welcomeMessage: {
      label: "Welcome message",
      placeholder: "The first message of every conversation.",
    },
    introduction: {
      label: "Introduction",
      placeholder: "How your bot introduces itself and what it can help with.",
    },
    contextInstructions: {
      label: "Context instructions",
      placeholder:
        "About your business and customers: what to focus on, what to avoid, when to hand over.",
    },
    knowledgeBase: {
      label: "Knowledge base",
      placeholder: "Paste product details, policies, prices, opening hours…",
    },
    synonyms: {
      label: "Synonyms",
      hint: "Words your customers use for the same thing, so your bot finds the answer whichever one they type. One set per line, words separated by commas or =, e.g. latte, ลาเต้, กาแฟนม. Up to 100 sets of 2 to 10 words, each word at most 60 characters.",
      placeholder: "latte, ลาเต้, กาแฟนม\nshipping = delivery fee = ค่าส่ง",
      counter: (sets: number, max: number) => `${sets} of ${max} sets`,
      problems: {
        tooManySets: (count: number, max: number) =>
          `There are ${count} sets: a persona holds at most ${max}. Remove ${count - max}.`,
        tooManyTerms: (line: number, count: number, max: number) =>
          `Line ${line} has ${count} words: a set holds at most ${max}.`,
        termTooLong: (line: number, term: string, max: number) =>
          `Line ${line}: “${term}” is longer than ${max} characters.`,
        singleTerm: (line: number) =>
          `Line ${line} has only one word, so it is ignored: add another after a comma or =.`,
      },
      moreProblems: (count: number) => `…and ${count} more.`,
    },
    customPrompts: {
      label: "Custom prompts",
      placeholder: "Extra instructions for how your bot reasons and replies.",
    },
  },
  lists: {
    defaultReplies: {
      label: "Default replies",
      hint: "Used when your bot does not know the answer.",
      item: (n: number) => `Default reply ${n}`,
      add: "Add a default reply",
      remove: (n: number) => `Remove default reply ${n}`,
    },
    catchphrases: {
      label: "Catchphrases",
      hint: "Phrases your bot uses now and then.",
      item: (n: number) => `Catchphrase ${n}`,
      add: "Add a catchphrase",
      remove: (n: number) => `Remove catchphrase ${n}`,
    },
  } satisfies Record<ListField, Record<string, unknown>>,
  faqs: {
    label: "FAQs",
    hint: "Questions customers ask, with the answer your bot gives.",
    question: (n: number) => `Question ${n}`,
    answer: (n: number) => `Answer ${n}`,
    add: "Add an FAQ",
    remove: (n: number) => `Remove FAQ ${n}`,
  },
  listFull: (max: number) => `That's the most this list can hold (${max}).`,
  draft: {
    newPersona: "New persona: not saved to your library yet",
    editing: (name: string) => `Editing your saved persona “${name}”`,
    untitled: "Untitled persona",
    autosaved: "Your draft is kept in this browser as you type.",
    storageFailed:
      "This browser would not keep your draft (storage is full or turned off). Save it or export it before leaving.",
    restored: "Your draft was restored.",
    loading: "Loading your persona…",
    loadFailed:
      "That persona could not be loaded. Check that you are signed in to the account that owns it.",
    startOver: "Start over",
    startOverTitle: "Start over with an empty persona?",
    startOverDescription:
      "Everything in this draft will be cleared. Personas already saved to your library stay as they are.",
    startOverConfirm: "Clear the draft",
    cancel: "Cancel",
  },
  exportTab: {
    livePreview: { label: "Live Preview", description: "Chat with the persona as it is now." },
    cardPreview: {
      label: "Persona Card Preview",
      description: "See the card customers and teammates see.",
    },
    save: { label: "Save Template", description: "Keep it in your library to use with your bots." },
    exportPersona: {
      label: "Export Persona",
      description: "Download it as JSON, an image or a PDF, or share it.",
    },
    import: {
      label: "Import JSON",
      description: "Load a persona file exported from this builder.",
    },
  },
  save: {
    saving: "Saving…",
    created: "Persona saved to your library",
    updated: "Persona updated in your library",
    failed: "The persona could not be saved. Please try again.",
    nameRequired: "Give your persona a name before saving it.",
    invalid: (field: string) => `Check “${field}”: it is not valid.`,
    tooLong: (field: string, max: number) =>
      `“${field}” is longer than ${max.toLocaleString("en-US")} characters.`,
    signInTitle: "Sign in to save your persona",
    signInDescription:
      "Your draft stays in this browser while you sign in, and is saved as soon as you are back.",
    signIn: "Sign in",
    signUp: "Create an account",
    notNow: "Not now",
  },
  card: {
    title: "Persona Card Preview",
    description: "How your persona is introduced.",
    role: "Role",
    tone: "Tone",
    language: "Language",
    gender: "Gender",
    bio: "Bio",
    welcome: "Welcome message",
    notSet: "Not set",
    preview: "Preview",
    edit: "Edit",
  },
  preview: {
    title: "Live Preview",
    description: "Replies come from the conversation engine running this unsaved draft.",
    online: "Online",
    typing: "Typing...",
    greeting: "Hello! How can I help you today?",
    failure: "I'm sorry, I'm having trouble responding right now. Please try again.",
    /** Under a reply the server cut short when it restarted (a deploy). */
    serverRestarted:
      "The server restarted before this reply was finished. Please send your message again.",
    inputLabel: "Your message",
    placeholder: "Type a message…",
    send: "Send",
    quickQuestions: "Quick Test Questions",
    you: "You",
    restart: "Restart the chat",
  },
  exportDialog: {
    title: "Export Persona",
    description: "Download your persona or share it with others.",
    formats: "Formats",
    json: { label: "JSON", description: "A file you can import back into the builder." },
    png: { label: "Image (PNG)", description: "The persona card as an image." },
    pdf: { label: "PDF", description: "The persona card as a PDF document." },
    downloaded: (fileName: string) => `Downloaded ${fileName}`,
    exportFailed: "The file could not be created. Please try again.",
    marketplace: {
      title: "Share to Marketplace",
      description: "Offer this persona to other owners. It is reviewed before it appears.",
      submit: "Submit to Marketplace",
      needsSave:
        "Save the persona to your library first; submitting does that for you when you are signed in.",
    },
    backToHome: "Back to Home",
  },
  importFile: {
    confirmTitle: "Replace your draft?",
    confirmDescription: (name: string) =>
      `The persona “${name}” from the file will replace everything in this draft.`,
    confirm: "Replace the draft",
    imported: (name: string) => `Imported “${name}”`,
    readFailed: "The file could not be read.",
    problems: {
      too_large: (maxMb: number) => `The file is too large: a persona file is at most ${maxMb} MB.`,
      not_json: "This file is not JSON, so it cannot be a persona file.",
      not_persona_file:
        "This JSON file is not a Jai persona file (its “format” is not jai.persona).",
      newer_version: (version: number) =>
        `This persona file is version ${version}, made by a newer version of Jai. This builder reads version 1.`,
      unsupported_version: "This persona file has no version this builder knows.",
      invalid_field: (field: string, reason: "too_long" | "too_many" | "invalid") =>
        reason === "too_long"
          ? `The file's “${field}” is longer than the builder allows.`
          : reason === "too_many"
            ? `The file's “${field}” has more entries than the builder allows.`
            : `The file's “${field}” is not valid.`,
      invalid_avatar:
        "The file's avatar must be an emoji or an image uploaded to Jai; links to other sites are not allowed.",
    } satisfies Record<PersonaFileProblem["code"], unknown>,
  },
  tabs: {
    identity: {
      label: "Identity",
      title: "Who your bot is",
      description:
        "Set the basics people see first: your bot's name, an avatar emoji, its role (support agent, sales assistant, consultant, teacher and more), its gender or Prefer not to say, and a short bio that sums up what it does and for whom.",
    },
    voice: {
      label: "Voice",
      title: "How your bot sounds",
      description:
        "Choose a tone, from friendly and casual to formal and authoritative, or describe a custom tone in your own words, pick the language it replies in (or auto-detect to match each customer), and add catchphrases customers will recognise.",
    },
    greeting: {
      label: "Greeting",
      title: "The first impression",
      description:
        "Write the welcome message that opens every conversation and a short introduction in which your bot explains who it is and how it can help.",
    },
    behavior: {
      label: "Behavior",
      title: "How your bot responds",
      description:
        "Add default replies for the moments your bot is not sure what to say, and frequently asked questions with the answers your bot gives word for word.",
    },
    context: {
      label: "Context",
      title: "What your bot keeps in mind",
      description:
        "Write context instructions about your business and your customers: what to focus on, what to avoid, and when to hand a conversation over to your team.",
    },
    knowledge: {
      label: "Knowledge",
      title: "What your bot knows",
      description:
        "Paste a knowledge base of product details, policies and prices, so your bot answers from your own information, and list the words your customers use for the same thing.",
    },
    advanced: {
      label: "Advanced",
      title: "Fine-tune with custom prompts",
      description:
        "Write custom prompts for full control over how your bot reasons and replies, layered on top of everything you set in the other tabs.",
    },
    export: {
      label: "Export",
      title: "Preview, save and share",
      description:
        "Chat with your persona in a live preview, check its persona card, save it to your library, export it as JSON, an image or a PDF, and share it on the marketplace.",
    },
  } satisfies Record<PersonaBuilderTab, TabMessages>,
};

export type PersonaBuilderMessages = typeof en;

export const th: PersonaBuilderMessages = {
  meta: {
    title: "เครื่องมือสร้างเพอร์โซนา",
    description:
      "ออกแบบบุคลิกของแชทบอท AI ของคุณ ทั้งตัวตน น้ำเสียง คำทักทาย พฤติกรรม บริบท ความรู้ และการส่งออก ครบในที่เดียว",
  },
  backToHome: "กลับหน้าแรก",
  hero: {
    eyebrow: "เครื่องมือสร้างเพอร์โซนา",
    title: ["สร้างบุคลิก", "ให้แชทบอท", "ของคุณ"],
    intro:
      "ตั้งชื่อ กำหนดน้ำเสียง และใส่ความรู้ที่บอทต้องใช้ทีละแท็บ ทุกอย่างที่ตั้งค่าไว้ที่นี่จะกำหนดวิธีทักทาย วิธีตอบ และบุคลิกของบอทในทุกช่องทาง",
  },
  tabsLabel: "ส่วนต่าง ๆ ของเครื่องมือสร้างเพอร์โซนา",
  step: (current: number, total: number) => `ขั้นตอนที่ ${current} จาก ${total}`,
  previous: (label: string) => `ย้อนกลับ: ${label}`,
  next: (label: string) => `ถัดไป: ${label}`,
  closeLabel: "ปิด",
  counter: (used: number, max: number) =>
    `${used.toLocaleString("th-TH")} / ${max.toLocaleString("th-TH")}`,
  atLimit: (max: number) => `ครบ ${max.toLocaleString("th-TH")} ตัวอักษรแล้ว`,
  fields: {
    name: { label: "ชื่อ", placeholder: "เช่น น้องมะลิ ร้านบ้านกาแฟ" },
    avatar: { label: "รูปประจำตัว" },
    role: {
      label: "บทบาท",
      choose: "เลือกบทบาท",
      other: "อื่น ๆ (พิมพ์เอง)",
      custom: "บทบาทที่กำหนดเอง",
      customPlaceholder: "เช่น ผู้ช่วยรับจองคิว",
      roles: personaRoleNames.th,
    },
    gender: {
      label: "เพศ",
      options: { male: "ชาย", female: "หญิง", not_to_say: "ไม่ระบุ" },
    },
    bio: { label: "ประวัติย่อ", placeholder: "บอทของคุณทำอะไรและดูแลใคร สรุปสั้น ๆ ไม่กี่ประโยค" },
    tone: {
      label: "โทนการพูด",
      choose: "เลือกโทนการพูด",
      options: personaToneNames.th,
    },
    customTone: {
      label: "โทนแบบกำหนดเอง",
      placeholder: "บรรยายโทนที่ต้องการด้วยคำพูดของคุณ เช่น อบอุ่น ประโยคสั้น ไม่ใช้คำแสลง",
    },
    language: {
      label: "ภาษา",
      options: personaLanguageNames.th,
    },
    welcomeMessage: {
      label: "ข้อความต้อนรับ",
      placeholder: "ข้อความแรกของทุกบทสนทนา",
    },
    introduction: {
      label: "คำแนะนำตัว",
      placeholder: "บอทแนะนำตัวเองอย่างไร และช่วยอะไรได้บ้าง",
    },
    contextInstructions: {
      label: "คำสั่งด้านบริบท",
      placeholder: "เกี่ยวกับธุรกิจและลูกค้าของคุณ เรื่องที่ควรเน้น เรื่องที่ควรเลี่ยง และเมื่อใดควรส่งต่อให้ทีมงาน",
    },
    knowledgeBase: {
      label: "ฐานความรู้",
      placeholder: "วางรายละเอียดสินค้า นโยบาย ราคา เวลาเปิดปิด…",
    },
    synonyms: {
      label: "คำพ้องความหมาย",
      hint: "คำต่าง ๆ ที่ลูกค้าใช้เรียกสิ่งเดียวกัน เพื่อให้บอทหาคำตอบเจอไม่ว่าลูกค้าจะพิมพ์คำไหน ใส่บรรทัดละหนึ่งชุด คั่นแต่ละคำด้วยจุลภาค (,) หรือเครื่องหมายเท่ากับ (=) เช่น ค่าส่ง = ค่าจัดส่ง = ค่าขนส่ง ใส่ได้สูงสุด 100 ชุด ชุดละ 2 ถึง 10 คำ และแต่ละคำยาวไม่เกิน 60 ตัวอักษร",
      placeholder: "ลาเต้, กาแฟนม, กาแฟลาเต้\nค่าส่ง = ค่าจัดส่ง = ค่าขนส่ง",
      counter: (sets: number, max: number) => `${sets} จาก ${max} ชุด`,
      problems: {
        tooManySets: (count: number, max: number) =>
          `ตอนนี้มี ${count} ชุด แต่เพอร์โซนาหนึ่งใส่ได้สูงสุด ${max} ชุด โปรดลบออก ${count - max} ชุด`,
        tooManyTerms: (line: number, count: number, max: number) =>
          `บรรทัดที่ ${line} มี ${count} คำ แต่หนึ่งชุดใส่ได้สูงสุด ${max} คำ`,
        termTooLong: (line: number, term: string, max: number) =>
          `บรรทัดที่ ${line}: “${term}” ยาวเกิน ${max} ตัวอักษร`,
        singleTerm: (line: number) =>
          `บรรทัดที่ ${line} มีคำเดียว จึงยังไม่ถูกใช้ โปรดเพิ่มอีกคำโดยคั่นด้วยจุลภาค (,) หรือ =`,
      },
      moreProblems: (count: number) => `…และอีก ${count} รายการ`,
    },
    customPrompts: {
      label: "พรอมต์แบบกำหนดเอง",
      placeholder: "คำสั่งเพิ่มเติมว่าบอทควรคิดและตอบอย่างไร",
    },
  },
  lists: {
    defaultReplies: {
      label: "คำตอบสำรอง",
      hint: "ใช้เมื่อบอทไม่รู้คำตอบ",
      item: (n: number) => `คำตอบสำรองที่ ${n}`,
      add: "เพิ่มคำตอบสำรอง",
      remove: (n: number) => `ลบคำตอบสำรองที่ ${n}`,
    },
    catchphrases: {
      label: "วลีติดปาก",
      hint: "วลีที่บอทพูดเป็นครั้งคราว",
      item: (n: number) => `วลีติดปากที่ ${n}`,
      add: "เพิ่มวลีติดปาก",
      remove: (n: number) => `ลบวลีติดปากที่ ${n}`,
    },
  },
  faqs: {
    label: "คำถามที่พบบ่อย (FAQ)",
    hint: "คำถามที่ลูกค้าถามบ่อย พร้อมคำตอบที่บอทจะใช้",
    question: (n: number) => `คำถามที่ ${n}`,
    answer: (n: number) => `คำตอบที่ ${n}`,
    add: "เพิ่ม FAQ",
    remove: (n: number) => `ลบ FAQ ที่ ${n}`,
  },
  listFull: (max: number) => `รายการนี้เพิ่มได้สูงสุด ${max} รายการแล้ว`,
  draft: {
    newPersona: "เพอร์โซนาใหม่: ยังไม่ได้บันทึกลงคลังของคุณ",
    editing: (name: string) => `กำลังแก้ไขเพอร์โซนาที่บันทึกไว้ “${name}”`,
    untitled: "เพอร์โซนาที่ยังไม่มีชื่อ",
    autosaved: "ฉบับร่างจะถูกเก็บไว้ในเบราว์เซอร์นี้ระหว่างที่คุณพิมพ์",
    storageFailed: "เบราว์เซอร์นี้เก็บฉบับร่างไม่ได้ (พื้นที่เต็มหรือถูกปิดไว้) โปรดบันทึกหรือส่งออกก่อนออกจากหน้านี้",
    restored: "กู้คืนฉบับร่างของคุณแล้ว",
    loading: "กำลังโหลดเพอร์โซนาของคุณ…",
    loadFailed: "โหลดเพอร์โซนานี้ไม่ได้ โปรดตรวจสอบว่าคุณเข้าสู่ระบบด้วยบัญชีที่เป็นเจ้าของ",
    startOver: "เริ่มใหม่",
    startOverTitle: "เริ่มใหม่ด้วยเพอร์โซนาว่างเปล่าหรือไม่",
    startOverDescription: "ข้อมูลทั้งหมดในฉบับร่างนี้จะถูกล้าง ส่วนเพอร์โซนาที่บันทึกไว้ในคลังจะยังอยู่เหมือนเดิม",
    startOverConfirm: "ล้างฉบับร่าง",
    cancel: "ยกเลิก",
  },
  exportTab: {
    livePreview: { label: "ตัวอย่างแบบสด", description: "ลองแชทกับเพอร์โซนาตามที่ตั้งค่าไว้ตอนนี้" },
    cardPreview: { label: "ดูการ์ดเพอร์โซนา", description: "ดูการ์ดที่ลูกค้าและทีมงานจะเห็น" },
    save: { label: "บันทึกเทมเพลต", description: "เก็บไว้ในคลังเพื่อใช้กับบอทของคุณ" },
    exportPersona: {
      label: "ส่งออกเพอร์โซนา",
      description: "ดาวน์โหลดเป็น JSON รูปภาพ หรือ PDF หรือแชร์ต่อ",
    },
    import: { label: "นำเข้า JSON", description: "โหลดไฟล์เพอร์โซนาที่ส่งออกจากเครื่องมือนี้" },
  },
  save: {
    saving: "กำลังบันทึก…",
    created: "บันทึกเพอร์โซนาลงคลังของคุณแล้ว",
    updated: "อัปเดตเพอร์โซนาในคลังของคุณแล้ว",
    failed: "บันทึกเพอร์โซนาไม่สำเร็จ โปรดลองอีกครั้ง",
    nameRequired: "โปรดตั้งชื่อเพอร์โซนาก่อนบันทึก",
    invalid: (field: string) => `โปรดตรวจสอบ “${field}” ข้อมูลไม่ถูกต้อง`,
    tooLong: (field: string, max: number) =>
      `“${field}” ยาวเกิน ${max.toLocaleString("th-TH")} ตัวอักษร`,
    signInTitle: "เข้าสู่ระบบเพื่อบันทึกเพอร์โซนา",
    signInDescription: "ฉบับร่างจะยังอยู่ในเบราว์เซอร์นี้ระหว่างที่คุณเข้าสู่ระบบ และจะถูกบันทึกทันทีเมื่อคุณกลับมา",
    signIn: "เข้าสู่ระบบ",
    signUp: "สร้างบัญชี",
    notNow: "ไว้ทีหลัง",
  },
  card: {
    title: "ตัวอย่างการ์ดเพอร์โซนา",
    description: "เพอร์โซนาของคุณจะถูกแนะนำแบบนี้",
    role: "บทบาท",
    tone: "โทนการพูด",
    language: "ภาษา",
    gender: "เพศ",
    bio: "ประวัติย่อ",
    welcome: "ข้อความต้อนรับ",
    notSet: "ยังไม่ได้ตั้งค่า",
    preview: "ดูตัวอย่าง",
    edit: "แก้ไข",
  },
  preview: {
    title: "ตัวอย่างแบบสด",
    description: "คำตอบมาจากระบบสนทนาที่ใช้ฉบับร่างนี้ซึ่งยังไม่ได้บันทึก",
    online: "ออนไลน์",
    typing: "กำลังพิมพ์...",
    greeting: "สวัสดีค่ะ มีอะไรให้ช่วยไหมคะ",
    failure: "ขออภัย ขณะนี้ไม่สามารถตอบกลับได้ กรุณาลองใหม่อีกครั้ง",
    serverRestarted: "เซิร์ฟเวอร์เริ่มทำงานใหม่ก่อนตอบเสร็จ กรุณาส่งข้อความอีกครั้ง",
    inputLabel: "ข้อความของคุณ",
    placeholder: "พิมพ์ข้อความ…",
    send: "ส่ง",
    quickQuestions: "คำถามทดสอบด่วน",
    you: "คุณ",
    restart: "เริ่มแชทใหม่",
  },
  exportDialog: {
    title: "ส่งออกเพอร์โซนา",
    description: "ดาวน์โหลดเพอร์โซนาของคุณหรือแชร์ให้ผู้อื่น",
    formats: "รูปแบบไฟล์",
    json: { label: "JSON", description: "ไฟล์ที่นำเข้ากลับมาในเครื่องมือนี้ได้" },
    png: { label: "รูปภาพ (PNG)", description: "การ์ดเพอร์โซนาเป็นรูปภาพ" },
    pdf: { label: "PDF", description: "การ์ดเพอร์โซนาเป็นเอกสาร PDF" },
    downloaded: (fileName: string) => `ดาวน์โหลด ${fileName} แล้ว`,
    exportFailed: "สร้างไฟล์ไม่สำเร็จ โปรดลองอีกครั้ง",
    marketplace: {
      title: "แชร์บนมาร์เก็ตเพลส",
      description: "เสนอเพอร์โซนานี้ให้เจ้าของบอทคนอื่น โดยจะมีการตรวจสอบก่อนเผยแพร่",
      submit: "ส่งขึ้นมาร์เก็ตเพลส",
      needsSave: "ต้องบันทึกเพอร์โซนาลงคลังก่อน เมื่อเข้าสู่ระบบแล้ว ระบบจะบันทึกให้เมื่อคุณกดส่ง",
    },
    backToHome: "กลับหน้าแรก",
  },
  importFile: {
    confirmTitle: "แทนที่ฉบับร่างหรือไม่",
    confirmDescription: (name: string) => `เพอร์โซนา “${name}” จากไฟล์จะแทนที่ข้อมูลทั้งหมดในฉบับร่างนี้`,
    confirm: "แทนที่ฉบับร่าง",
    imported: (name: string) => `นำเข้า “${name}” แล้ว`,
    readFailed: "อ่านไฟล์ไม่ได้",
    problems: {
      too_large: (maxMb: number) => `ไฟล์ใหญ่เกินไป ไฟล์เพอร์โซนาต้องมีขนาดไม่เกิน ${maxMb} เมกะไบต์`,
      not_json: "ไฟล์นี้ไม่ใช่ JSON จึงไม่ใช่ไฟล์เพอร์โซนา",
      not_persona_file: "ไฟล์ JSON นี้ไม่ใช่ไฟล์เพอร์โซนาที่ส่งออกจาก Jai",
      newer_version: (version: number) =>
        `ไฟล์เพอร์โซนานี้เป็นเวอร์ชัน ${version} ซึ่งสร้างจาก Jai รุ่นใหม่กว่า เครื่องมือนี้อ่านได้เฉพาะเวอร์ชัน 1`,
      unsupported_version: "ไฟล์เพอร์โซนานี้ไม่มีเวอร์ชันที่เครื่องมือนี้รู้จัก",
      invalid_field: (field: string, reason: "too_long" | "too_many" | "invalid") =>
        reason === "too_long"
          ? `“${field}” ในไฟล์ยาวเกินกว่าที่เครื่องมือนี้รองรับ`
          : reason === "too_many"
            ? `“${field}” ในไฟล์มีจำนวนรายการเกินกว่าที่เครื่องมือนี้รองรับ`
            : `“${field}” ในไฟล์ไม่ถูกต้อง`,
      invalid_avatar: "รูปประจำตัวในไฟล์ต้องเป็นอีโมจิหรือรูปที่อัปโหลดไว้กับ Jai เท่านั้น ไม่รองรับลิงก์ไปยังเว็บไซต์อื่น",
    },
  },
  tabs: {
    identity: {
      label: "ตัวตน",
      title: "บอทของคุณคือใคร",
      description:
        "กำหนดข้อมูลพื้นฐานที่ผู้ใช้เห็นเป็นอย่างแรก ได้แก่ ชื่อบอท อีโมจิประจำตัว บทบาท (เช่น เจ้าหน้าที่ดูแลลูกค้า ผู้ช่วยฝ่ายขาย ที่ปรึกษา หรือครู) เพศหรือเลือกไม่ระบุ และประวัติย่อสั้น ๆ ว่าบอททำอะไรและดูแลใคร",
    },
    voice: {
      label: "น้ำเสียง",
      title: "บอทของคุณพูดจาอย่างไร",
      description:
        "เลือกโทนการพูด ตั้งแต่เป็นกันเองไปจนถึงเป็นทางการ หรือบรรยายโทนที่ต้องการด้วยคำพูดของคุณเอง เลือกภาษาที่บอทใช้ตอบ (หรือให้ตรวจจับภาษาของลูกค้าแต่ละคนโดยอัตโนมัติ) และเพิ่มวลีติดปากที่ลูกค้าจดจำได้",
    },
    greeting: {
      label: "คำทักทาย",
      title: "ความประทับใจแรก",
      description:
        "เขียนข้อความต้อนรับที่ใช้เปิดทุกบทสนทนา และคำแนะนำตัวสั้น ๆ ที่บอทใช้บอกว่าตัวเองเป็นใครและช่วยอะไรได้บ้าง",
    },
    behavior: {
      label: "พฤติกรรม",
      title: "บอทของคุณตอบสนองอย่างไร",
      description:
        "เพิ่มคำตอบสำรองไว้ใช้เมื่อบอทไม่แน่ใจว่าควรตอบอะไร และคำถามที่พบบ่อยพร้อมคำตอบที่บอทจะใช้ตอบตามนั้น",
    },
    context: {
      label: "บริบท",
      title: "สิ่งที่บอทต้องคำนึงถึงเสมอ",
      description:
        "เขียนคำสั่งด้านบริบทเกี่ยวกับธุรกิจและลูกค้าของคุณ เช่น เรื่องที่ควรเน้น เรื่องที่ควรหลีกเลี่ยง และเมื่อใดควรส่งต่อบทสนทนาให้ทีมงานของคุณดูแล",
    },
    knowledge: {
      label: "ความรู้",
      title: "สิ่งที่บอทของคุณรู้",
      description:
        "วางฐานความรู้ เช่น รายละเอียดสินค้า นโยบาย และราคา เพื่อให้บอทตอบจากข้อมูลของคุณเอง และใส่คำพ้องความหมายที่ลูกค้าใช้เรียกสิ่งเดียวกัน",
    },
    advanced: {
      label: "ขั้นสูง",
      title: "ปรับแต่งอย่างละเอียดด้วยพรอมต์",
      description:
        "เขียนพรอมต์แบบกำหนดเองเพื่อควบคุมวิธีคิดและวิธีตอบของบอทได้อย่างเต็มที่ โดยต่อยอดจากทุกอย่างที่ตั้งค่าไว้ในแท็บอื่น",
    },
    export: {
      label: "ส่งออก",
      title: "ดูตัวอย่าง บันทึก และแชร์",
      description:
        "ทดลองแชทกับเพอร์โซนาในหน้าตัวอย่างแบบสด ตรวจดูการ์ดเพอร์โซนา บันทึกลงคลังของคุณ ส่งออกเป็น JSON รูปภาพ หรือ PDF และแชร์บนมาร์เก็ตเพลส",
    },
  },
};

export const personaBuilderMessages: Bilingual<PersonaBuilderMessages> = { en, th };
