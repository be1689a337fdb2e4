import type { Bilingual } from "~/i18n/use-locale";

export type TeamRole = "ceo" | "cto" | "consultant" | "coo";

export type TeamMember = {
  id: string;
  role: TeamRole;
  /** English spelling and Thai script; the English page shows both, the Thai page the Thai one. */
  name: Bilingual<string>;
  /** Letters shown in the avatar circle (no photos). */
  initials: Bilingual<string>;
  bio: Bilingual<string>;
};

// The one place the About Us page reads its people from. Role titles live in messages.ts.
export const teamMembers: readonly TeamMember[] = [
  {
    id: "pimchanok",
    role: "ceo",
    name: { en: "Pimchanok Srisawat", th: "พิมพ์ชนก ศรีสวัสดิ์" },
    initials: { en: "PS", th: "พศ" },
    bio: {
      en: "Sets our direction and works closely with customers and partners, so every feature we ship solves a real problem for a Thai business.",
      th: "กำหนดทิศทางของบริษัท และทำงานใกล้ชิดกับลูกค้าและพาร์ทเนอร์ เพื่อให้ทุกฟีเจอร์ที่เราปล่อยออกไปแก้ปัญหาจริงของธุรกิจไทย",
    },
  },
  {
    id: "krit",
    role: "cto",
    name: { en: "Krit Thanakul", th: "กฤต ธนากุล" },
    initials: { en: "KT", th: "กธ" },
    bio: {
      en: "Leads engineering and the conversation engine, from Thai-aware search in your knowledge base to the reliability of every channel connection.",
      th: "ดูแลงานวิศวกรรมและเอนจินสนทนา ตั้งแต่การค้นหาในฐานความรู้ที่เข้าใจภาษาไทย ไปจนถึงความเสถียรของการเชื่อมต่อทุกช่องทาง",
    },
  },
  {
    id: "nattaya",
    role: "consultant",
    name: { en: "Nattaya Wongsakul", th: "ณัฐธยา วงศ์สกุล" },
    initials: { en: "NW", th: "ณว" },
    bio: {
      en: "Works hands-on with businesses to design personas, knowledge bases and conversation flows that match how they sell and look after their customers.",
      th: "ลงมือทำงานร่วมกับธุรกิจในการออกแบบเพอร์โซนา ฐานความรู้ และลำดับการสนทนา ให้เข้ากับวิธีขายและการดูแลลูกค้าของแต่ละธุรกิจ",
    },
  },
  {
    id: "arthit",
    role: "coo",
    name: { en: "Arthit Rattanakorn", th: "อาทิตย์ รัตนากร" },
    initials: { en: "AR", th: "อร" },
    bio: {
      en: "Runs operations, onboarding and customer support, making sure every customer is set up smoothly and every question gets an answer within one business day.",
      th: "ดูแลงานปฏิบัติการ การเริ่มต้นใช้งาน และฝ่ายบริการลูกค้า ให้ลูกค้าทุกรายเริ่มใช้งานได้อย่างราบรื่น และทุกคำถามได้รับคำตอบภายใน 1 วันทำการ",
    },
  },
];
