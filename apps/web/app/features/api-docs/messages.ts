import { brand } from "@jai/contracts";
import type { Bilingual } from "~/i18n/use-locale";

export const apiDocsMessages: Bilingual<{
  meta: { title: string; description: string };
  title: string;
  intro: string;
  authTitle: string;
  auth: string;
  authKeysLink: string;
  baseUrl: string;
  openApi: string;
  errorsTitle: string;
  errors: string;
  pagingTitle: string;
  paging: string;
  contents: string;
  parameters: string;
  name: string;
  location: string;
  required: string;
  yes: string;
  no: string;
  description: string;
  body: string;
  responses: string;
  example: string;
  unavailable: string;
  tags: Record<string, string>;
}> = {
  en: {
    meta: {
      title: "API reference",
      description: `Chat with your ${brand.name} bots, read conversations and contacts, and manage knowledge from your own software.`,
    },
    title: "API reference",
    intro: `The ${brand.name} API lets your own software chat with your bots, read their conversations and contacts, and manage their knowledge. Every request and answer is JSON over HTTPS.`,
    authTitle: "Authentication",
    auth: "Send an API key in the Authorization header: Authorization: Bearer <key>. A key sees only its owner's bots. Create keys in the console.",
    authKeysLink: "Create an API key",
    baseUrl: "Base URL",
    openApi: "OpenAPI 3.1 document",
    errorsTitle: "Errors",
    errors:
      'Every error has the same shape: { "error": { "code", "message", "fields"? } }. The message follows Accept-Language (English or Thai). 429 answers carry Retry-After.',
    pagingTitle: "Paging",
    paging:
      "Lists return at most `limit` items (up to 100) and a nextCursor; pass it as `cursor` to get the next page. nextCursor is null on the last page.",
    contents: "Endpoints",
    parameters: "Parameters",
    name: "Name",
    location: "In",
    required: "Required",
    yes: "Yes",
    no: "No",
    description: "Description",
    body: "Request body",
    responses: "Responses",
    example: "Example",
    unavailable: "The reference could not be loaded. Try again in a moment.",
    tags: {
      Bots: "Bots",
      Chat: "Chat",
      Conversations: "Conversations",
      Contacts: "Contacts",
      Knowledge: "Knowledge",
      Exports: "Exports",
    },
  },
  th: {
    meta: {
      title: "เอกสาร API",
      description: `เชื่อมระบบของคุณกับแชทบอท ${brand.name}: ส่งข้อความ อ่านบทสนทนาและรายชื่อผู้ติดต่อ และจัดการฐานความรู้`,
    },
    title: "เอกสาร API",
    intro: `API ของ ${brand.name} ให้ระบบของคุณแชทกับแชทบอท อ่านบทสนทนาและรายชื่อผู้ติดต่อ และจัดการฐานความรู้ได้เอง ทุกคำขอและคำตอบเป็น JSON ผ่าน HTTPS`,
    authTitle: "การยืนยันตัวตน",
    auth: "ส่งคีย์ API ในส่วนหัว Authorization: Bearer <คีย์> คีย์หนึ่งเห็นเฉพาะแชทบอทของเจ้าของคีย์ สร้างคีย์ได้ในคอนโซล",
    authKeysLink: "สร้างคีย์ API",
    baseUrl: "URL หลัก",
    openApi: "เอกสาร OpenAPI 3.1",
    errorsTitle: "ข้อผิดพลาด",
    errors:
      'ข้อผิดพลาดทุกรายการมีรูปแบบเดียวกัน: { "error": { "code", "message", "fields"? } } ข้อความเป็นภาษาตาม Accept-Language (อังกฤษหรือไทย) คำตอบ 429 มี Retry-After บอกเวลาที่ต้องรอ',
    pagingTitle: "การแบ่งหน้า",
    paging:
      "รายการส่งกลับไม่เกิน `limit` รายการ (สูงสุด 100) พร้อม nextCursor ส่งค่านี้เป็น `cursor` เพื่อขอหน้าถัดไป หน้าสุดท้าย nextCursor เป็น null",
    contents: "รายการ API",
    parameters: "พารามิเตอร์",
    name: "ชื่อ",
    location: "ตำแหน่ง",
    required: "จำเป็น",
    yes: "ใช่",
    no: "ไม่",
    description: "คำอธิบาย",
    body: "เนื้อหาคำขอ",
    responses: "คำตอบ",
    example: "ตัวอย่าง",
    unavailable: "โหลดเอกสารไม่สำเร็จ ลองใหม่อีกครั้งในอีกสักครู่",
    tags: {
      Bots: "แชทบอท",
      Chat: "แชท",
      Conversations: "บทสนทนา",
      Contacts: "ผู้ติดต่อ",
      Knowledge: "ฐานความรู้",
      Exports: "ส่งออกข้อมูล",
    },
  },
};
