import type { Bilingual } from "~/i18n/use-locale";

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
  /** What the owner sets in this tab, shown as a list. */
  items: string[];
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
  inThisTab: "What you set here",
  previous: (label: string) => `Back: ${label}`,
  next: (label: string) => `Next: ${label}`,
  tabs: {
    identity: {
      label: "Identity",
      title: "Who your bot is",
      description:
        "Set the basics people see first: your bot's name, an avatar emoji, its role (support agent, sales assistant, consultant, teacher and more), its gender or Prefer not to say, and a short bio that sums up what it does and for whom.",
      items: ["Name", "Avatar", "Role", "Gender", "Bio"],
    },
    voice: {
      label: "Voice",
      title: "How your bot sounds",
      description:
        "Choose a tone, from friendly and casual to formal and authoritative, or describe a custom tone in your own words, then pick the language it replies in: English, Thai, another language, or auto-detect to match each customer.",
      items: ["Tone", "Custom tone", "Language"],
    },
    greeting: {
      label: "Greeting",
      title: "The first impression",
      description:
        "Write the welcome message that opens every conversation and a short introduction in which your bot explains who it is and how it can help.",
      items: ["Welcome message", "Introduction"],
    },
    behavior: {
      label: "Behavior",
      title: "How your bot responds",
      description:
        "Add default replies for the moments your bot is not sure what to say, and catchphrases that give it a personality customers recognise from one conversation to the next.",
      items: ["Default replies", "Catchphrases"],
    },
    context: {
      label: "Context",
      title: "What your bot keeps in mind",
      description:
        "Write context instructions about your business and your customers: what to focus on, what to avoid, and when to hand a conversation over to your team.",
      items: ["Context instructions"],
    },
    knowledge: {
      label: "Knowledge",
      title: "What your bot knows",
      description:
        "Add frequently asked questions with their answers and a knowledge base of product details, policies and prices, so your bot answers from your own information.",
      items: ["FAQs", "Knowledge base"],
    },
    advanced: {
      label: "Advanced",
      title: "Fine-tune with custom prompts",
      description:
        "Write custom prompts for full control over how your bot reasons and replies, layered on top of everything you set in the other tabs.",
      items: ["Custom prompts"],
    },
    export: {
      label: "Export",
      title: "Preview, save and share",
      description:
        "Chat with your persona in a live preview, check its persona card, save it to your library, export it as JSON, an image or a PDF, and share it on the marketplace.",
      items: ["Live preview", "Persona card", "Save", "Export JSON, image or PDF", "Marketplace"],
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
  inThisTab: "สิ่งที่ตั้งค่าได้ในแท็บนี้",
  previous: (label: string) => `ย้อนกลับ: ${label}`,
  next: (label: string) => `ถัดไป: ${label}`,
  tabs: {
    identity: {
      label: "ตัวตน",
      title: "บอทของคุณคือใคร",
      description:
        "กำหนดข้อมูลพื้นฐานที่ผู้ใช้เห็นเป็นอย่างแรก ได้แก่ ชื่อบอท อีโมจิประจำตัว บทบาท (เช่น เจ้าหน้าที่ดูแลลูกค้า ผู้ช่วยฝ่ายขาย ที่ปรึกษา หรือครู) เพศหรือเลือกไม่ระบุ และประวัติย่อสั้น ๆ ว่าบอททำอะไรและดูแลใคร",
      items: ["ชื่อ", "รูปประจำตัว", "บทบาท", "เพศ", "ประวัติย่อ"],
    },
    voice: {
      label: "น้ำเสียง",
      title: "บอทของคุณพูดจาอย่างไร",
      description:
        "เลือกโทนการพูด ตั้งแต่เป็นกันเองไปจนถึงเป็นทางการ หรือบรรยายโทนที่ต้องการด้วยคำพูดของคุณเอง แล้วเลือกภาษาที่บอทใช้ตอบ จะเป็นภาษาไทย อังกฤษ ภาษาอื่น หรือให้ตรวจจับภาษาของลูกค้าแต่ละคนโดยอัตโนมัติก็ได้",
      items: ["โทนการพูด", "โทนแบบกำหนดเอง", "ภาษา"],
    },
    greeting: {
      label: "คำทักทาย",
      title: "ความประทับใจแรก",
      description:
        "เขียนข้อความต้อนรับที่ใช้เปิดทุกบทสนทนา และคำแนะนำตัวสั้น ๆ ที่บอทใช้บอกว่าตัวเองเป็นใครและช่วยอะไรได้บ้าง",
      items: ["ข้อความต้อนรับ", "คำแนะนำตัว"],
    },
    behavior: {
      label: "พฤติกรรม",
      title: "บอทของคุณตอบสนองอย่างไร",
      description:
        "เพิ่มคำตอบสำรองไว้ใช้เมื่อบอทไม่แน่ใจว่าควรตอบอะไร และวลีติดปากที่ทำให้ลูกค้าจดจำบุคลิกของบอทได้ในทุกบทสนทนา",
      items: ["คำตอบสำรอง", "วลีติดปาก"],
    },
    context: {
      label: "บริบท",
      title: "สิ่งที่บอทต้องคำนึงถึงเสมอ",
      description:
        "เขียนคำสั่งด้านบริบทเกี่ยวกับธุรกิจและลูกค้าของคุณ เช่น เรื่องที่ควรเน้น เรื่องที่ควรหลีกเลี่ยง และเมื่อใดควรส่งต่อบทสนทนาให้ทีมงานของคุณดูแล",
      items: ["คำสั่งด้านบริบท"],
    },
    knowledge: {
      label: "ความรู้",
      title: "สิ่งที่บอทของคุณรู้",
      description:
        "เพิ่มคำถามที่พบบ่อยพร้อมคำตอบ และคลังความรู้อย่างรายละเอียดสินค้า นโยบาย และราคา เพื่อให้บอทตอบจากข้อมูลของคุณเอง",
      items: ["FAQ", "คลังความรู้"],
    },
    advanced: {
      label: "ขั้นสูง",
      title: "ปรับแต่งอย่างละเอียดด้วยพรอมต์",
      description:
        "เขียนพรอมต์แบบกำหนดเองเพื่อควบคุมวิธีคิดและวิธีตอบของบอทได้อย่างเต็มที่ โดยต่อยอดจากทุกอย่างที่ตั้งค่าไว้ในแท็บอื่น",
      items: ["พรอมต์แบบกำหนดเอง"],
    },
    export: {
      label: "ส่งออก",
      title: "ดูตัวอย่าง บันทึก และแชร์",
      description:
        "ทดลองแชทกับเพอร์โซนาในหน้าตัวอย่างแบบสด ตรวจดูการ์ดเพอร์โซนา บันทึกลงคลังของคุณ ส่งออกเป็น JSON รูปภาพ หรือ PDF และแชร์บนมาร์เก็ตเพลส",
      items: ["ตัวอย่างแบบสด", "การ์ดเพอร์โซนา", "บันทึก", "ส่งออก JSON รูปภาพ หรือ PDF", "มาร์เก็ตเพลส"],
    },
  },
};

export const personaBuilderMessages: Bilingual<PersonaBuilderMessages> = { en, th };
