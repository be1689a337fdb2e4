import { brand } from "@jai/contracts";
import type { Bilingual } from "~/i18n/use-locale";
import type { TeamRole } from "./team-members";

export const en = {
  meta: {
    title: "About Us",
    description: `Meet the team behind ${brand.name} (${brand.thaiName}, “heart”): our vision, mission and values, and why we build a Thai-first, no-code AI chatbot platform for Thai businesses.`,
  },
  hero: {
    eyebrow: "About Us",
    title: "Technology with heart for Thai businesses",
    lead: `${brand.name} (${brand.thaiName}) means “heart” in Thai. We build AI chatbots that answer your customers the way you would: warmly, accurately and in their own language, without a single line of code.`,
  },
  word: {
    label: "The word behind our name",
    reading: "jai · noun",
    meaning: "heart; mind; spirit",
    intro: "In Thai, almost everything that matters is said with ใจ:",
    expressions: [
      { term: "เข้าใจ", meaning: "to understand" },
      { term: "ใส่ใจ", meaning: "to care" },
      { term: "ไว้ใจ", meaning: "to trust" },
      { term: "จริงใจ", meaning: "sincere" },
    ],
  },
  story: {
    title: `Why ${brand.name} exists`,
    paragraphs: [
      "Thai businesses run on chat. Customers ask about prices, stock and opening hours on LINE, order through Facebook and follow up on Instagram or TikTok, often late at night and always expecting a quick, polite reply. For a small team, keeping up means missed messages, long evenings and customers who quietly go elsewhere.",
      "Most chatbot tools were designed for English first. Thai has no spaces between words, its own polite particles and a tone that shifts with who you are speaking to. Translation bolted on afterwards gets it wrong, and customers notice.",
      `We started ${brand.name} to close that gap: a platform built Thai-first, from the way it reads your documents to the way it greets your customers, working on the channels Thai people already use, priced in baht and respectful of the PDPA from day one. So a shop in Chiang Mai, a clinic in Bangkok or a creator with a LINE community can have an assistant that truly understands them.`,
    ],
    highlights: [
      {
        title: "Thai-first understanding",
        text: "Thai word segmentation, polite particles and mixed Thai–English messages are built in.",
      },
      {
        title: "Where your customers are",
        text: "LINE, Facebook Messenger, Instagram, TikTok and your website, answered from one place.",
      },
      {
        title: "No code, priced in baht",
        text: "Set up in an afternoon, with plans made for Thai businesses of every size.",
      },
    ],
  },
  vision: {
    title: "Our vision",
    text: "A Thailand where every business, from a one-person shop to a national brand, can give every customer a caring, knowledgeable answer at any hour.",
  },
  mission: {
    title: "Our mission",
    text: "To make trustworthy AI assistants that anyone can build in minutes without code: fluent in Thai, connected to the channels customers already use, and affordable for Thai businesses.",
  },
  values: {
    title: "What we value",
    lead: "Three principles guide every decision we make, from product design to how we answer your messages.",
    items: {
      simplicity: {
        title: "User-first simplicity",
        text: "If a feature needs a manual, it isn't finished. We design for shop owners and support teams, not engineers: clear words in Thai and English, sensible defaults and a bot you can launch in an afternoon.",
      },
      innovation: {
        title: "AI-driven innovation",
        text: "We bring the best of modern AI to Thai businesses: language models, knowledge retrieval, image recognition and predictive analytics, tuned for Thai language and Thai customers rather than translated as an afterthought.",
      },
      trust: {
        title: "Trust and reliability",
        text: "Your customers' conversations are your business. We protect them under the PDPA, never use them to train models, keep the platform running around the clock and build bots that say honestly when they don't know.",
      },
    },
  },
  team: {
    title: "The people behind the platform",
    lead: "A small team combining product, engineering, operations and hands-on business consulting, all focused on helping Thai businesses look after their customers better.",
    roles: {
      ceo: { title: "Chief Executive Officer", short: "CEO" },
      cto: { title: "Chief Technology Officer", short: "CTO" },
      consultant: { title: "AI & Business Consultant", short: "Consultant" },
      coo: { title: "Chief Operating Officer", short: "COO" },
    } satisfies Record<TeamRole, { title: string; short: string }>,
  },
  cta: {
    title: "Let's build your first bot together",
    text: "Start free for 7 days, or tell us about your business and our team will help you plan the right assistant.",
    primary: "Get Started FREE",
    secondary: "Talk to our team",
  },
};

export type TeamMessages = typeof en;

export const th: TeamMessages = {
  meta: {
    title: "เกี่ยวกับเรา",
    description: `รู้จักทีมงานเบื้องหลัง ${brand.name} (${brand.thaiName}) วิสัยทัศน์ พันธกิจ และคุณค่าที่เรายึดถือ และเหตุผลที่เราสร้างแพลตฟอร์มแชทบอท AI แบบไม่ต้องเขียนโค้ดที่เข้าใจภาษาไทยเป็นอันดับแรก เพื่อธุรกิจไทย`,
  },
  hero: {
    eyebrow: "เกี่ยวกับเรา",
    title: "เทคโนโลยีที่มีหัวใจ เพื่อธุรกิจไทย",
    lead: `${brand.name} มาจากคำว่า “${brand.thaiName}” เพราะเราเชื่อว่าทุกบทสนทนาควรมีหัวใจ เราสร้างแชทบอท AI ที่ตอบลูกค้าแบบที่คุณตอบเอง ทั้งอบอุ่น แม่นยำ และพูดภาษาเดียวกับลูกค้า โดยไม่ต้องเขียนโค้ดแม้แต่บรรทัดเดียว`,
  },
  word: {
    label: "ที่มาของชื่อเรา",
    reading: "คำนาม",
    meaning: "หัวใจ จิตใจ ความรู้สึกนึกคิด",
    intro: "ในภาษาไทย เรื่องสำคัญแทบทุกเรื่องล้วนมีคำว่า “ใจ” อยู่ด้วย",
    expressions: [
      { term: "เข้าใจ", meaning: "รู้และเข้าถึงความหมาย" },
      { term: "ใส่ใจ", meaning: "เอาใจใส่ดูแล" },
      { term: "ไว้ใจ", meaning: "เชื่อมั่นและวางใจ" },
      { term: "จริงใจ", meaning: "ซื่อตรง ไม่เสแสร้ง" },
    ],
  },
  story: {
    title: `ทำไมต้องมี ${brand.name}`,
    paragraphs: [
      "ธุรกิจไทยขับเคลื่อนด้วยการแชท ลูกค้าถามราคา สต็อกสินค้า และเวลาเปิดร้านทาง LINE สั่งซื้อผ่าน Facebook แล้วตามต่อทาง Instagram หรือ TikTok หลายครั้งเป็นเวลาดึก และทุกคนคาดหวังคำตอบที่รวดเร็วและสุภาพ สำหรับทีมเล็ก ๆ การตามให้ทันหมายถึงข้อความที่ตกหล่น การทำงานจนดึก และลูกค้าที่เงียบหายไปซื้อที่อื่น",
      "เครื่องมือแชทบอทส่วนใหญ่ออกแบบมาสำหรับภาษาอังกฤษก่อน แต่ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ มีคำลงท้ายแสดงความสุภาพ และมีน้ำเสียงที่เปลี่ยนไปตามคู่สนทนา การแปลภาษาที่เสริมเข้ามาภายหลังจึงมักผิดพลาด และลูกค้าสังเกตเห็นได้ทันที",
      `เราก่อตั้ง ${brand.name} เพื่อปิดช่องว่างนี้ ด้วยแพลตฟอร์มที่ออกแบบโดยยึดภาษาไทยเป็นหลัก ตั้งแต่วิธีอ่านเอกสารของคุณไปจนถึงวิธีทักทายลูกค้า ทำงานบนช่องทางที่คนไทยใช้อยู่แล้ว คิดราคาเป็นเงินบาท และเคารพ PDPA ตั้งแต่วันแรก เพื่อให้ร้านค้าในเชียงใหม่ คลินิกในกรุงเทพฯ หรือครีเอเตอร์ที่มีคอมมูนิตี้บน LINE มีผู้ช่วยที่เข้าใจพวกเขาอย่างแท้จริง`,
    ],
    highlights: [
      {
        title: "เข้าใจภาษาไทยเป็นอันดับแรก",
        text: "รองรับการตัดคำภาษาไทย คำลงท้ายแสดงความสุภาพ และข้อความที่ผสมไทยกับอังกฤษตั้งแต่ต้น",
      },
      {
        title: "อยู่ในช่องทางที่ลูกค้าใช้",
        text: "ตอบลูกค้าจาก LINE, Facebook Messenger, Instagram, TikTok และเว็บไซต์ของคุณได้จากที่เดียว",
      },
      {
        title: "ไม่ต้องเขียนโค้ด คิดราคาเป็นบาท",
        text: "ตั้งค่าเสร็จได้ในบ่ายเดียว พร้อมแพ็กเกจที่ออกแบบมาสำหรับธุรกิจไทยทุกขนาด",
      },
    ],
  },
  vision: {
    title: "วิสัยทัศน์",
    text: "ประเทศไทยที่ทุกธุรกิจ ตั้งแต่ร้านค้าที่มีเจ้าของคนเดียวไปจนถึงแบรนด์ระดับประเทศ สามารถให้คำตอบที่ใส่ใจและรอบรู้แก่ลูกค้าทุกคนได้ทุกเวลา",
  },
  mission: {
    title: "พันธกิจ",
    text: "สร้างผู้ช่วย AI ที่ไว้วางใจได้ ซึ่งใครก็สร้างเองได้ในไม่กี่นาทีโดยไม่ต้องเขียนโค้ด สื่อสารภาษาไทยได้อย่างเป็นธรรมชาติ เชื่อมต่อกับช่องทางที่ลูกค้าใช้อยู่แล้ว และมีราคาที่ธุรกิจไทยเข้าถึงได้",
  },
  values: {
    title: "คุณค่าที่เรายึดถือ",
    lead: "หลักการสามข้อที่เป็นแนวทางในทุกการตัดสินใจของเรา ตั้งแต่การออกแบบผลิตภัณฑ์ไปจนถึงการตอบข้อความของคุณ",
    items: {
      simplicity: {
        title: "เรียบง่าย ยึดผู้ใช้เป็นศูนย์กลาง",
        text: "ถ้าฟีเจอร์ไหนต้องเปิดคู่มือ แปลว่าเรายังทำไม่เสร็จ เราออกแบบเพื่อเจ้าของร้านและทีมดูแลลูกค้า ไม่ใช่เพื่อวิศวกร ใช้ถ้อยคำที่ชัดเจนทั้งภาษาไทยและภาษาอังกฤษ มีค่าเริ่มต้นที่เหมาะสม และให้คุณเปิดใช้บอทได้ภายในบ่ายเดียว",
      },
      innovation: {
        title: "นวัตกรรมที่ขับเคลื่อนด้วย AI",
        text: "เรานำ AI ที่ทันสมัยที่สุดมาสู่ธุรกิจไทย ทั้งโมเดลภาษา การค้นคืนความรู้ การจดจำภาพ และการวิเคราะห์เชิงคาดการณ์ โดยปรับให้เข้ากับภาษาไทยและลูกค้าคนไทย ไม่ใช่แค่แปลภาษาตามมาทีหลัง",
      },
      trust: {
        title: "ความน่าเชื่อถือและไว้วางใจได้",
        text: "บทสนทนากับลูกค้าคือหัวใจของธุรกิจคุณ เราคุ้มครองข้อมูลเหล่านั้นตาม PDPA ไม่นำไปฝึกโมเดล ดูแลให้แพลตฟอร์มทำงานตลอด 24 ชั่วโมง และสร้างบอทที่บอกตรง ๆ เมื่อไม่รู้คำตอบ",
      },
    },
  },
  team: {
    title: "ทีมงานเบื้องหลังแพลตฟอร์ม",
    lead: "ทีมเล็ก ๆ ที่รวมความเชี่ยวชาญด้านผลิตภัณฑ์ วิศวกรรม การปฏิบัติการ และการให้คำปรึกษาธุรกิจแบบลงมือทำจริง โดยมีเป้าหมายเดียวกัน คือช่วยให้ธุรกิจไทยดูแลลูกค้าได้ดียิ่งขึ้น",
    roles: {
      ceo: { title: "ประธานเจ้าหน้าที่บริหาร", short: "ซีอีโอ" },
      cto: { title: "ประธานเจ้าหน้าที่ฝ่ายเทคโนโลยี", short: "ซีทีโอ" },
      consultant: { title: "ที่ปรึกษาด้านธุรกิจและ AI", short: "ที่ปรึกษา" },
      coo: { title: "ประธานเจ้าหน้าที่ฝ่ายปฏิบัติการ", short: "ซีโอโอ" },
    },
  },
  cta: {
    title: "มาสร้างบอทตัวแรกของคุณด้วยกัน",
    text: "ทดลองใช้ฟรี 7 วัน หรือเล่าเรื่องธุรกิจของคุณให้เราฟัง แล้วทีมงานจะช่วยวางแผนผู้ช่วยที่เหมาะกับคุณ",
    primary: "เริ่มต้นใช้งานฟรี",
    secondary: "พูดคุยกับทีมงาน",
  },
};

export const teamMessages: Bilingual<TeamMessages> = { en, th };
