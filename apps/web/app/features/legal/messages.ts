import { brand } from "@jai/contracts";
import type { Bilingual } from "~/i18n/use-locale";
import type { LegalDocumentId } from "./legal-document-ids";

type LegalPageTexts = {
  /** The page's h1. */
  title: string;
  meta: { title: string; description: string };
  intro: string;
  /** Accessible name of the frame that shows the document. */
  frameTitle: string;
};

export const en = {
  eyebrow: "Legal",
  effective: (date: string) => `Effective ${date}`,
  bilingualNote: "Available in English and Thai.",
  openDocument: "Open the document",
  otherDocuments: "Other legal documents",
  questions: {
    title: "Questions about your data?",
    text: "Our team answers privacy and PDPA requests within 30 days, usually much sooner.",
    contact: "Contact us",
  },
  pages: {
    "privacy-policy": {
      title: "Privacy Policy",
      meta: {
        title: "Privacy Policy",
        description: `How ${brand.name} collects, uses and protects personal data under Thailand's PDPA: what we collect, why, for how long, how AI providers are involved, cookies and your rights.`,
      },
      intro: `What personal data ${brand.name} collects, why we use it, who we share it with, how long we keep it, and how you can exercise your rights under Thailand's Personal Data Protection Act.`,
      frameTitle: "Privacy Policy document",
    },
    "terms-of-service": {
      title: "Terms of Service",
      meta: {
        title: "Terms of Service",
        description: `The terms for using ${brand.name}'s no-code AI chatbot platform: accounts, plans and billing in THB, AI providers, your content, acceptable use and liability.`,
      },
      intro: `The agreement between you and ${brand.name}: your account, plans and payment, your bots and content, the AI providers you connect, and our responsibilities to each other.`,
      frameTitle: "Terms of Service document",
    },
    pdpa: {
      title: "PDPA",
      meta: {
        title: "PDPA Notice",
        description: `How ${brand.name} complies with Thailand's Personal Data Protection Act B.E. 2562, how to exercise your rights, and what businesses using ${brand.name} must do for their customers.`,
      },
      intro: `How ${brand.name} complies with Thailand's Personal Data Protection Act B.E. 2562, how you can exercise your rights, and what businesses that use ${brand.name} must do for their own customers.`,
      frameTitle: "PDPA Notice document",
    },
  } satisfies Record<LegalDocumentId, LegalPageTexts>,
  /** Labels inside the standalone document. */
  document: {
    effectiveDate: "Effective date",
    contents: "Contents",
    backToTop: "Back to top",
  },
};

export type LegalMessages = typeof en;

export const th: LegalMessages = {
  eyebrow: "ข้อกำหนดทางกฎหมาย",
  effective: (date: string) => `มีผลใช้บังคับตั้งแต่ ${date}`,
  bilingualNote: "มีทั้งฉบับภาษาไทยและภาษาอังกฤษ",
  openDocument: "เปิดเอกสาร",
  otherDocuments: "เอกสารทางกฎหมายอื่น ๆ",
  questions: {
    title: "มีคำถามเกี่ยวกับข้อมูลของคุณ?",
    text: "ทีมงานของเราตอบคำขอด้านความเป็นส่วนตัวและ PDPA ภายใน 30 วัน และโดยทั่วไปเร็วกว่านั้นมาก",
    contact: "ติดต่อเรา",
  },
  pages: {
    "privacy-policy": {
      title: "นโยบายความเป็นส่วนตัว",
      meta: {
        title: "นโยบายความเป็นส่วนตัว",
        description: `${brand.name} เก็บรวบรวม ใช้ และคุ้มครองข้อมูลส่วนบุคคลอย่างไรตาม PDPA ข้อมูลที่เก็บ วัตถุประสงค์ ระยะเวลาการเก็บรักษา ผู้ให้บริการ AI คุกกี้ และสิทธิของคุณ`,
      },
      intro: `${brand.name} เก็บข้อมูลส่วนบุคคลใดบ้าง ใช้เพื่ออะไร เปิดเผยให้ใคร เก็บไว้นานเท่าใด และคุณใช้สิทธิตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคลได้อย่างไร`,
      frameTitle: "เอกสารนโยบายความเป็นส่วนตัว",
    },
    "terms-of-service": {
      title: "ข้อกำหนดการใช้บริการ",
      meta: {
        title: "ข้อกำหนดการใช้บริการ",
        description: `ข้อกำหนดการใช้แพลตฟอร์มแชทบอท AI แบบไม่ต้องเขียนโค้ดของ ${brand.name} ครอบคลุมบัญชี แพ็กเกจและการชำระเงินเป็นบาท ผู้ให้บริการ AI เนื้อหาของคุณ การใช้งานที่ยอมรับได้ และความรับผิด`,
      },
      intro: `ข้อตกลงระหว่างคุณกับ ${brand.name} ครอบคลุมบัญชี แพ็กเกจและการชำระเงิน บอทและเนื้อหาของคุณ ผู้ให้บริการ AI ที่คุณเชื่อมต่อ และความรับผิดชอบที่เรามีต่อกัน`,
      frameTitle: "เอกสารข้อกำหนดการใช้บริการ",
    },
    pdpa: {
      title: "PDPA",
      meta: {
        title: "ประกาศ PDPA",
        description: `${brand.name} ปฏิบัติตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 อย่างไร วิธีใช้สิทธิของคุณ และสิ่งที่ธุรกิจที่ใช้ ${brand.name} ต้องทำเพื่อลูกค้าของตน`,
      },
      intro: `${brand.name} ปฏิบัติตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 อย่างไร คุณใช้สิทธิของคุณได้อย่างไร และธุรกิจที่ใช้ ${brand.name} ต้องทำอะไรเพื่อลูกค้าของตนเอง`,
      frameTitle: "เอกสารประกาศ PDPA",
    },
  },
  document: {
    effectiveDate: "วันที่มีผลใช้บังคับ",
    contents: "สารบัญ",
    backToTop: "กลับไปด้านบน",
  },
};

export const legalMessages: Bilingual<LegalMessages> = { en, th };
