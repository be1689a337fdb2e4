import type { ContactIssueKind, ContactReason } from "@jai/contracts";
import { planNames } from "~/i18n/plan-names";
import type { Bilingual } from "~/i18n/use-locale";

type Toast = { title: string; description: string };

export const en = {
  meta: {
    title: "Contact Us",
    description: (brand: string) =>
      `Talk to the ${brand} team about plans, demos, support or partnerships. We usually reply within 24 hours on business days.`,
  },
  hero: {
    eyebrow: "Contact Us",
    /** Phrases that each stay on one line where possible (Thai has no spaces to break at). */
    title: ["Let's talk about your chatbot"],
    intro: (brand: string) =>
      `Questions about plans, a demo for your team, help with a bot or an idea for a partnership: send us a message and a real person from the ${brand} team will get back to you.`,
  },
  form: {
    title: "Send us a message",
    requiredNote: "Fields marked * are required.",
    optional: "(optional)",
    labels: {
      name: "Full name",
      email: "Email",
      company: "Company",
      phone: "Phone",
      reason: "Reason for contact",
      subject: "Subject",
      message: "Message",
    },
    placeholders: {
      name: "Jane Smith",
      email: "you@company.com",
      company: "Your company or shop",
      phone: "+66 81 234 5678",
      subject: "How can we help?",
      message: "Tell us a little about your business and what you need…",
    },
    reasonPlaceholder: "Choose a reason",
    reasons: {
      sales: "Sales and pricing",
      support: "Customer support",
      technical: "Technical question",
      partnership: "Partnership",
      media: "Media and press",
      other: "Something else",
    } satisfies Record<ContactReason, string>,
    honeypotLabel: "Leave this field empty",
    submit: "Send Message",
    sending: "Sending...",
    privacyBefore: "We only use your details to answer your message. Read our",
    privacyLink: "Privacy Policy",
    privacyAfter: ".",
    planNotice: (plan: string) => `You're asking about the ${plan} plan.`,
    subjectForPlan: (plan: string) => `Interested in the ${plan} plan`,
  },
  plans: planNames.en,
  fieldErrors: {
    missing: "This field is required.",
    reasonMissing: "Please choose a reason.",
    invalidEmail: "Enter a valid email address, like name@company.com.",
    invalidPhone: "Use digits, spaces and + - ( ) only.",
    tooLong: (max: number) => `Use at most ${max.toLocaleString("en-US")} characters.`,
    invalid: "Please check this field.",
  },
  toasts: {
    missing: { title: "Missing Information", description: "Please fill in all required fields." },
    invalidEmail: { title: "Invalid Email", description: "Please enter a valid email address." },
    invalidPhone: {
      title: "Invalid Phone Number",
      description: "Please use digits, spaces and + - ( ) only.",
    },
    tooLong: { title: "Text Too Long", description: "Please shorten the highlighted fields." },
    invalid: { title: "Please Check the Form", description: "Some fields need your attention." },
  } satisfies Record<ContactIssueKind, Toast>,
  success: {
    title: "Message Sent Successfully!",
    /** What the server answers once the message is stored (API and page form). */
    received:
      "Thank you! Your message has been sent. We'll reply within 24 hours on business days.",
    fallback: "Thank you, your message has been sent!",
  },
  failure: {
    title: "Error",
    fallback: "Failed to send message. Please try again later.",
  },
  info: {
    title: "Other ways to reach us",
    description: "Pick the channel that suits you best.",
    email: "Email",
    facebook: "Facebook",
    facebookText: "Message our page",
    line: "LINE Official Account",
    responseTitle: "Response time",
    responseNote: "We usually reply within 24 hours on business days.",
  },
  cta: {
    title: "Ready to get started?",
    text: "Compare plans and start a 7-day free trial.",
    button: "See plans and pricing",
  },
};

export type ContactMessages = typeof en;

export const th: ContactMessages = {
  meta: {
    title: "ติดต่อเรา",
    description: (brand: string) =>
      `พูดคุยกับทีม ${brand} เรื่องแพ็กเกจ การสาธิตระบบ การใช้งาน หรือความร่วมมือทางธุรกิจ เราตอบกลับภายใน 1 วันทำการ`,
  },
  hero: {
    eyebrow: "ติดต่อเรา",
    title: ["คุยกับเรา", "เรื่องแชทบอท", "ของคุณ"],
    intro: (brand: string) =>
      `ไม่ว่าจะสอบถามเรื่องแพ็กเกจ นัดสาธิตระบบให้ทีมของคุณ ขอความช่วยเหลือเรื่องบอท หรือมีไอเดียความร่วมมือ ส่งข้อความมาได้เลย ทีมงาน ${brand} จะติดต่อกลับหาคุณโดยตรง`,
  },
  form: {
    title: "ส่งข้อความถึงเรา",
    requiredNote: "ช่องที่มีเครื่องหมาย * จำเป็นต้องกรอก",
    optional: "(ไม่บังคับ)",
    labels: {
      name: "ชื่อ-นามสกุล",
      email: "อีเมล",
      company: "บริษัท",
      phone: "เบอร์โทรศัพท์",
      reason: "เรื่องที่ต้องการติดต่อ",
      subject: "หัวข้อ",
      message: "ข้อความ",
    },
    placeholders: {
      name: "สมชาย ใจดี",
      email: "you@company.com",
      company: "ชื่อบริษัทหรือร้านค้า",
      phone: "081 234 5678",
      subject: "ให้เราช่วยเรื่องอะไรดี",
      message: "เล่าให้เราฟังสักนิดว่าธุรกิจของคุณทำอะไร และต้องการให้เราช่วยเรื่องไหน…",
    },
    reasonPlaceholder: "เลือกเรื่องที่ต้องการติดต่อ",
    reasons: {
      sales: "ฝ่ายขายและราคา",
      support: "บริการลูกค้า",
      technical: "คำถามด้านเทคนิค",
      partnership: "ความร่วมมือทางธุรกิจ",
      media: "สื่อมวลชนและประชาสัมพันธ์",
      other: "เรื่องอื่น ๆ",
    },
    honeypotLabel: "ไม่ต้องกรอกช่องนี้",
    submit: "ส่งข้อความ",
    sending: "กำลังส่ง...",
    privacyBefore: "เราใช้ข้อมูลของคุณเพื่อตอบกลับข้อความนี้เท่านั้น อ่านเพิ่มเติมได้ที่",
    privacyLink: "นโยบายความเป็นส่วนตัว",
    privacyAfter: "",
    planNotice: (plan: string) => `คุณกำลังสอบถามเกี่ยวกับแพ็กเกจ ${plan}`,
    subjectForPlan: (plan: string) => `สนใจแพ็กเกจ ${plan}`,
  },
  plans: planNames.th,
  fieldErrors: {
    missing: "กรุณากรอกช่องนี้",
    reasonMissing: "กรุณาเลือกเรื่องที่ต้องการติดต่อ",
    invalidEmail: "กรุณากรอกอีเมลให้ถูกต้อง เช่น name@company.com",
    invalidPhone: "ใช้ได้เฉพาะตัวเลข เว้นวรรค และเครื่องหมาย + - ( )",
    tooLong: (max: number) => `กรอกได้ไม่เกิน ${max.toLocaleString("th-TH")} ตัวอักษร`,
    invalid: "กรุณาตรวจสอบข้อมูลในช่องนี้",
  },
  toasts: {
    missing: { title: "ข้อมูลไม่ครบถ้วน", description: "กรุณากรอกข้อมูลที่จำเป็นให้ครบทุกช่อง" },
    invalidEmail: { title: "อีเมลไม่ถูกต้อง", description: "กรุณากรอกอีเมลให้ถูกต้อง" },
    invalidPhone: {
      title: "เบอร์โทรศัพท์ไม่ถูกต้อง",
      description: "ใช้ได้เฉพาะตัวเลข เว้นวรรค และเครื่องหมาย + - ( )",
    },
    tooLong: { title: "ข้อความยาวเกินไป", description: "กรุณาย่อข้อความในช่องที่ไฮไลต์ไว้" },
    invalid: { title: "กรุณาตรวจสอบแบบฟอร์ม", description: "มีบางช่องที่ต้องแก้ไข" },
  },
  success: {
    title: "ส่งข้อความเรียบร้อยแล้ว!",
    received: "ขอบคุณ! เราได้รับข้อความของคุณแล้ว และจะตอบกลับภายใน 1 วันทำการ",
    fallback: "ขอบคุณที่ติดต่อเรา เราได้รับข้อความของคุณแล้ว",
  },
  failure: {
    title: "เกิดข้อผิดพลาด",
    fallback: "ส่งข้อความไม่สำเร็จ กรุณาลองใหม่อีกครั้งภายหลัง",
  },
  info: {
    title: "ช่องทางอื่นในการติดต่อ",
    description: "เลือกช่องทางที่สะดวกสำหรับคุณ",
    email: "อีเมล",
    facebook: "Facebook",
    facebookText: "ส่งข้อความถึงเพจของเรา",
    line: "LINE Official Account",
    responseTitle: "ระยะเวลาตอบกลับ",
    responseNote: "เราตอบกลับภายใน 1 วันทำการ",
  },
  cta: {
    title: "พร้อมเริ่มใช้งานแล้วหรือยัง?",
    text: "เปรียบเทียบแพ็กเกจ แล้วเริ่มทดลองใช้ฟรี 7 วัน",
    button: "ดูแพ็กเกจและราคา",
  },
};

export const contactMessages: Bilingual<ContactMessages> = { en, th };
