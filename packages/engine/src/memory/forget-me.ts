import type { PersonaGender } from "../persona";
import { withParticles } from "../providers/local-texts";
import type { ReplyLanguage } from "../text/detect-language";

/**
 * Whether a customer's message asks the bot to forget them or delete their data (PDPA's right to
 * erasure, in the words people use): "ลบข้อมูลของฉัน", "ลืมฉันซะ", "forget me", "delete my
 * data", "erase my information". A how-to question about a product ("how do I delete my account
 * on your app?") is not one; neither is "don't forget me" or "don't delete my data".
 */
export function isForgetMeRequest(text: string): boolean {
  const message = text.normalize("NFC").replace(/\s+/g, " ").trim();
  if (!message || message.length > 300) return false;
  return isForgetEnglish(message.toLowerCase()) || isForgetThai(message.replace(/\s+/g, ""));
}

function isForgetEnglish(text: string): boolean {
  const said = text.replace(/’/g, "'");
  if (
    /\b(?:don't|do not|never|won't you)\s+(?:want\s+(?:you\s+)?to\s+)?(?:forget|delete|erase|remove|wipe)\b/.test(
      said,
    )
  )
    return false;
  const forget =
    /\bforget\s+(?:about\s+)?(?:me|everything (?:about|you know about) me|all about me|what you know about me|my (?:name|data|details|info|information|number|email))\b/.test(
      said,
    ) ||
    /\b(?:right to (?:be forgotten|erasure)|want to be forgotten|stop remembering me|don't remember me|withdraw my consent)\b/.test(
      said,
    );
  if (forget) return true;
  const erase =
    /\b(?:delete|erase|remove|wipe|clear|purge)\s+(?:all\s+(?:of\s+)?)?my\s+(?:\w+\s+){0,2}(?:data|info|information|details|records?|history|conversations?|chats?|messages|memory)\b/.test(
      said,
    ) ||
    /\b(?:delete|erase|remove|wipe)\s+(?:everything|all)\s+(?:you (?:have|know|keep|store)\s+)?(?:about|on|of)\s+me\b/.test(
      said,
    ) ||
    /\b(?:delete|erase|remove|wipe)\s+me\b/.test(said) ||
    (/\b(?:delete|erase|remove|wipe|purge)\b/.test(said) &&
      /\ball (?:of )?my (?:\w+\s+)?(?:data|info|information|details|records)\b/.test(said));
  if (!erase) return false;
  // About a product, not about what this bot keeps: "how do I delete my data in the app?",
  // "delete my data from my phone".
  const isHowTo = /\b(?:how (?:do|can|could|would|to)|where (?:do|can)|is it possible to)\b/.test(
    said,
  );
  const isProduct =
    /\b(?:app|application|account|phone|device|iphone|android|computer|laptop|browser|website|photos?|files?|cache|cookies|settings)\b/.test(
      said,
    );
  if (isHowTo && isProduct) return false;
  return !/\b(?:from|on|in) my (?:phone|device|iphone|android|computer|laptop|browser)\b/.test(
    said,
  );
}

const thaiMe = "(?:ฉัน|ผม|หนู|ดิฉัน|เรา|กู|ชั้น|ตัวเอง|กระผม)";
const thaiForgetMe = new RegExp(`ลืม${thaiMe}(?:ซะ|เถอะ|ไป|ด้วย|เลย|ได้|ที|นะ|ครับ|ค่ะ|คะ|$)`);
const thaiForgetMine = new RegExp(`ลืม(?:เรื่อง|ข้อมูล)(?:ทั้งหมด)?(?:ของ|เกี่ยวกับ)?${thaiMe}`);
const thaiStopKeeping = new RegExp(
  `(?:อย่า|ไม่ต้อง|เลิก|หยุด)(?:จำ|เก็บ|บันทึก)(?:ข้อมูล)?(?:ของ|เกี่ยวกับ)?${thaiMe}`,
);
const thaiEraseMine = new RegExp(
  `(?:ลบ|ล้าง|ทำลาย)(?:ข้อมูล|ประวัติ)(?:ส่วนตัว|ส่วนบุคคล|การสนทนา|การแชท|แชท)?(?:ทั้งหมด)?(?:ของ|เกี่ยวกับ)?${thaiMe}`,
);
const thaiEraseAsked =
  /(?:ขอ|ช่วย|กรุณา|อยากให้|ต้องการให้)(?:ลบ|ล้าง)(?:ข้อมูล|ประวัติ)(?:ส่วนตัว|ส่วนบุคคล|การสนทนา|แชท)?(?:ทั้งหมด)?(?:ออก|ทิ้ง|ด้วย|ให้|หน่อย|ที|ได้|ครับ|ค่ะ|คะ|$)/;

function isForgetThai(text: string): boolean {
  if (/(?:อย่า|ไม่ต้อง|ห้าม|ไม่อยากให้)(?:ลืม|ลบ)/.test(text)) return false;
  // "ลืมผมแล้วเหรอ": has the bot forgotten them, a question, not a request.
  const isAskingIfForgotten = /(?:เหรอ|หรอ|หรือยัง|รึยัง|แล้วหรือ)/.test(text);
  if (
    (!isAskingIfForgotten && (thaiForgetMe.test(text) || thaiForgetMine.test(text))) ||
    thaiStopKeeping.test(text) ||
    /ถอน(?:ความ)?ยินยอม|ไม่ยินยอมให้(?:เก็บ|ใช้)ข้อมูล/.test(text)
  )
    return true;
  const erase =
    thaiEraseMine.test(text) ||
    thaiEraseAsked.test(text) ||
    /(?:ลบ|ล้าง)ข้อมูล(?:ส่วนตัว|ส่วนบุคคล)/.test(text);
  if (!erase) return false;
  // "ลบข้อมูลในแอปยังไง": how to delete something in a product, not what this bot keeps.
  const isHowTo = /(?:ยังไง|อย่างไร|วิธี|ตรงไหน|ที่ไหน)/.test(text);
  const isProduct = /(?:แอป|แอพ|บัญชี|แอคเคาท์|โทรศัพท์|มือถือ|เครื่อง|เว็บ|ไฟล์|รูป|คอม|โปรแกรม)/.test(text);
  if (isHowTo && isProduct) return false;
  return !/(?:ใน|จาก|บน)(?:โทรศัพท์|มือถือ|เครื่อง|คอม)/.test(text);
}

/**
 * The reply to a forget-me request, in the customer's language (English for languages without
 * their own text): what was erased, and that the chat records themselves are the business's to
 * delete. Thai ends with the persona's particle.
 */
export function forgetMeReply(language: ReplyLanguage | string, gender: PersonaGender): string {
  const text = forgetMeTexts[language as ReplyLanguage] ?? forgetMeTexts.en;
  return withParticles(text, gender);
}

const forgetMeTexts: Record<ReplyLanguage, string> = {
  en: "Done: I've erased what I remembered about you, and I won't use our earlier conversations to remember you again. If you also want the chat records themselves deleted, please contact the business directly.",
  th: "เรียบร้อย{p} ลบข้อมูลที่จำไว้เกี่ยวกับคุณแล้ว และจะไม่นำบทสนทนาก่อนหน้านี้มาใช้จดจำข้อมูลของคุณอีก หากต้องการให้ลบบันทึกบทสนทนาด้วย กรุณาติดต่อทางร้านโดยตรง{p}",
  es: "Listo: he borrado lo que recordaba de ti y no usaré nuestras conversaciones anteriores para recordarte de nuevo. Si también quieres que se borren los registros del chat, contacta directamente con el negocio.",
  fr: "C'est fait : j'ai effacé ce dont je me souvenais à votre sujet et je n'utiliserai plus nos conversations précédentes pour me souvenir de vous. Pour faire supprimer aussi l'historique de la conversation, contactez directement l'entreprise.",
  de: "Erledigt: Ich habe gelöscht, was ich mir über dich gemerkt hatte, und nutze unsere früheren Gespräche nicht mehr, um mir etwas über dich zu merken. Wenn auch der Chatverlauf selbst gelöscht werden soll, wende dich bitte direkt an das Unternehmen.",
};
