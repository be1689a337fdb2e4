import { type Persona, PersonaSchema } from "./persona";
import type { KnowledgeSource } from "./retrieval/build-documents";

/**
 * The Demo Bot a fresh install seeds: a bot that answers questions about the platform itself, in
 * English and Thai, from FAQs and a knowledge base (each section once per language, so the local
 * provider answers a Thai question with the Thai passage). Sections and FAQs carry a `topic`: the
 * retrieval quality benchmark (bench/retrieval-quality.ts) checks the right topic ranks first.
 *
 * A function of the brand name, which lives in packages/contracts (`brand.name`) and nowhere
 * else: the seeding code passes it in.
 */
export function createDemoBot(brandName: string): DemoBot {
  const sections = demoSections(brandName);
  return {
    bot: {
      name: "Demo Bot",
      description: `Ask me anything about ${brandName}: plans, channels and features.`,
      purpose: `Answer visitors' questions about the ${brandName} chatbot platform, in English or Thai.`,
      provider: "local",
    },
    persona: PersonaSchema.parse({
      name: `${brandName} Assistant`,
      avatar: "🤖",
      role: "Customer Service",
      bio: `I help businesses and creators find their way around ${brandName}, the all-in-one no-code AI chatbot platform.`,
      tone: "friendly",
      welcomeMessage: `Hi! I'm the ${brandName} Assistant. Ask me about plans, channels or features. / สวัสดีค่ะ ถามเรื่องแพ็กเกจ ช่องทาง หรือฟีเจอร์ของ ${brandName} ได้เลยค่ะ`,
      introduction: `I'm the ${brandName} Assistant, here to answer questions about ${brandName}.`,
      defaultReplies: [
        `I don't have that information yet. For anything else, please use the contact form and the ${brandName} team will reply within one business day.`,
      ],
      faqs: demoFaqs(brandName).map(({ question, answer }) => ({ question, answer })),
      catchphrases: ["Happy chatting!"],
      contextInstructions: `Only answer questions about ${brandName}. Prices are in Thai baht (THB) and exclude AI API costs.`,
      knowledgeBase: "",
      language: "auto",
      customPrompts: "",
      gender: "female",
    }),
    knowledge: sections.map(({ id, title, text }) => ({ id, source: title, title, text })),
    sections,
    faqs: demoFaqs(brandName),
  };
}

export type DemoBot = {
  /** The bot row: name, description, purpose, provider (the embedded `local` one). */
  bot: { name: string; description: string; purpose: string; provider: "local" };
  persona: Persona;
  /** The knowledge documents to store (one per section), ready for `buildPersonaIndex`. */
  knowledge: KnowledgeSource[];
  sections: DemoSection[];
  faqs: DemoFaq[];
};

export type DemoSection = {
  id: string;
  topic: string;
  language: "en" | "th";
  title: string;
  text: string;
};
export type DemoFaq = { topic: string; language: "en" | "th"; question: string; answer: string };

function demoSections(brand: string): DemoSection[] {
  const en = (topic: string, title: string, text: string): DemoSection => ({
    id: `demo-${topic}-en`,
    topic,
    language: "en",
    title,
    text,
  });
  const th = (topic: string, title: string, text: string): DemoSection => ({
    id: `demo-${topic}-th`,
    topic,
    language: "th",
    title,
    text,
  });
  return [
    en(
      "plan-starter",
      "Plans: Starter",
      "Starter plan: 990 THB per month (5,940 THB for 6 months or 11,880 THB per year). Includes 1 bot, 1 channel and up to 750 users per month, with limited marketplace access and no advanced analytics. A good fit for a small shop starting with one channel.",
    ),
    th(
      "plan-starter",
      "แพ็กเกจ Starter",
      "แพ็กเกจ Starter ราคา 990 บาทต่อเดือน (5,940 บาทต่อ 6 เดือน หรือ 11,880 บาทต่อปี) ใช้งานได้ 1 บอท 1 ช่องทาง รองรับผู้ใช้สูงสุด 750 คนต่อเดือน ใช้งานมาร์เก็ตเพลสได้แบบจำกัด เหมาะกับร้านค้าขนาดเล็กที่เริ่มต้นจากช่องทางเดียว",
    ),
    en(
      "plan-pro",
      "Plans: Pro",
      "Pro plan (most popular): 2,490 THB per month (14,193 THB for 6 months or 26,892 THB per year). Includes 4 bots, 2 channels, 10,000 users per month, an unlimited knowledge base and basic analytics.",
    ),
    th(
      "plan-pro",
      "แพ็กเกจ Pro",
      "แพ็กเกจ Pro (ยอดนิยม) ราคา 2,490 บาทต่อเดือน (14,193 บาทต่อ 6 เดือน หรือ 26,892 บาทต่อปี) สร้างบอทได้ 4 ตัว เชื่อมต่อได้ 2 ช่องทาง รองรับผู้ใช้ 10,000 คนต่อเดือน ฐานความรู้ไม่จำกัด และมีรายงานวิเคราะห์ข้อมูลพื้นฐาน",
    ),
    en(
      "plan-business",
      "Plans: Business",
      "Business plan: 3,990 THB per month (22,791 THB for 6 months or 43,092 THB per year). Includes 10 bots, 4 channels, 30,000 users per month, deep analytics with export, custom integrations and predictive analytics.",
    ),
    th(
      "plan-business",
      "แพ็กเกจ Business",
      "แพ็กเกจ Business ราคา 3,990 บาทต่อเดือน (22,791 บาทต่อ 6 เดือน หรือ 43,092 บาทต่อปี) สร้างบอทได้ 10 ตัว เชื่อมต่อได้ 4 ช่องทาง รองรับผู้ใช้ 30,000 คนต่อเดือน วิเคราะห์ข้อมูลเชิงลึกพร้อมส่งออกรายงาน เชื่อมต่อระบบอื่นแบบกำหนดเอง และวิเคราะห์เชิงคาดการณ์",
    ),
    en(
      "plan-enterprise",
      "Plans: Enterprise",
      "Enterprise plan: 14,900 THB per month (84,930 THB for 6 months or 160,920 THB per year). Unlimited bots and channels, predictive AI, white-label branding and onsite support.",
    ),
    th(
      "plan-enterprise",
      "แพ็กเกจ Enterprise",
      "แพ็กเกจ Enterprise ราคา 14,900 บาทต่อเดือน (84,930 บาทต่อ 6 เดือน หรือ 160,920 บาทต่อปี) สร้างบอทและเชื่อมต่อช่องทางได้ไม่จำกัด มี AI เชิงคาดการณ์ ติดแบรนด์ของคุณเองได้ (white-label) และมีทีมงานดูแลถึงที่ (onsite support)",
    ),
    en(
      "trial",
      "Free trial",
      `Free trial: try ${brand} free for 7 days with 1 trial bot. No payment is needed to start; choose a plan when the trial ends.`,
    ),
    th(
      "trial",
      "ทดลองใช้ฟรี",
      `ทดลองใช้ ${brand} ฟรี 7 วัน สร้างบอททดลองได้ 1 ตัว เริ่มต้นได้ทันทีโดยไม่ต้องชำระเงิน แล้วค่อยเลือกแพ็กเกจเมื่อครบกำหนดทดลองใช้`,
    ),
    en(
      "billing",
      "Billing and discounts",
      "Billing: pay monthly, every 6 months (5% discount) or yearly (10% discount). Prices are in Thai baht and exclude AI API costs: you register with an AI provider and top up credits yourself. An invoice is issued for every payment.",
    ),
    th(
      "billing",
      "การชำระเงินและส่วนลด",
      "การชำระเงิน: เลือกจ่ายรายเดือน ราย 6 เดือน (ส่วนลด 5%) หรือรายปี (ส่วนลด 10%) ราคาเป็นเงินบาทและยังไม่รวมค่าใช้งาน AI API ซึ่งลูกค้าต้องสมัครกับผู้ให้บริการ AI และเติมเครดิตเอง มีใบแจ้งหนี้ให้ทุกครั้งที่ชำระเงิน",
    ),
    en(
      "channel-line",
      "Channels: LINE",
      "LINE Official Account: connect your bot to your LINE OA and it answers customers in LINE chats automatically.",
    ),
    th(
      "channel-line",
      "ช่องทาง LINE",
      "LINE Official Account: เชื่อมบอทกับ LINE OA ของคุณ ให้บอทตอบลูกค้าในแชทไลน์ได้โดยอัตโนมัติ",
    ),
    en(
      "channel-meta",
      "Channels: Messenger and Instagram",
      "Facebook Messenger and Instagram Direct: connect your Facebook page and Instagram business account to answer messages from both with one bot.",
    ),
    th(
      "channel-meta",
      "ช่องทาง Messenger และ Instagram",
      "Facebook Messenger และ Instagram Direct: เชื่อมเพจเฟซบุ๊กและบัญชีอินสตาแกรมธุรกิจ เพื่อตอบข้อความจากทั้งสองช่องทางด้วยบอทตัวเดียว",
    ),
    en(
      "channel-tiktok",
      "Channels: TikTok",
      "TikTok: the bot answers the messages customers send to your TikTok business account.",
    ),
    th("channel-tiktok", "ช่องทาง TikTok", "TikTok: บอทตอบข้อความที่ลูกค้าส่งถึงบัญชีธุรกิจ TikTok ของคุณ"),
    en(
      "channel-widget",
      "Channels: website widget",
      "Website widget: add a chat bubble to any website by pasting a short script snippet; the bot answers visitors on your site.",
    ),
    th(
      "channel-widget",
      "วิดเจ็ตบนเว็บไซต์",
      "วิดเจ็ตบนเว็บไซต์: เพิ่มปุ่มแชทบนเว็บไซต์ของคุณเพียงวางโค้ดสคริปต์สั้น ๆ แล้วบอทจะตอบผู้เข้าชมเว็บไซต์ทันที",
    ),
    en(
      "channel-api",
      "Channels: API",
      "REST API: send messages to your bot from your own app with an API key; an OpenAPI document describes every endpoint.",
    ),
    th(
      "channel-api",
      "ช่องทาง API",
      "REST API: ส่งข้อความถึงบอทจากแอปของคุณเองด้วย API key พร้อมเอกสาร OpenAPI ที่อธิบายทุก endpoint",
    ),
    en(
      "channel-spreadsheet",
      "Channels: spreadsheets",
      "Spreadsheet integration: import FAQs from a CSV file or Google Sheets and export conversations to a spreadsheet.",
    ),
    th(
      "channel-spreadsheet",
      "เชื่อมต่อสเปรดชีต",
      "เชื่อมต่อสเปรดชีต: นำเข้าคำถามที่พบบ่อย (FAQ) จากไฟล์ CSV หรือ Google Sheets และส่งออกประวัติการสนทนาเป็นสเปรดชีต",
    ),
    en(
      "persona-builder",
      "Features: persona builder",
      "Persona builder: give your bot a personality without writing code: name, avatar, role, tone, bio, welcome message, FAQs, catchphrases, language and a knowledge base. Test it in the live preview before you publish.",
    ),
    th(
      "persona-builder",
      "เครื่องมือสร้างเพอร์โซนา",
      "เครื่องมือสร้างเพอร์โซนา (Persona Builder): กำหนดบุคลิกของบอทได้โดยไม่ต้องเขียนโค้ด ทั้งชื่อ อวตาร บทบาท น้ำเสียง ประวัติ ข้อความต้อนรับ คำถามที่พบบ่อย คำพูดติดปาก ภาษา และฐานความรู้ แล้วทดสอบผ่านหน้าตัวอย่างสดก่อนเผยแพร่",
    ),
    en(
      "dashboard",
      "Features: dashboard",
      "Intelligence dashboard: see conversations, users per month, answered and unanswered questions, top questions and customer satisfaction in charts; predictive analytics forecasts next month's chat volume.",
    ),
    th(
      "dashboard",
      "แดชบอร์ดวิเคราะห์ข้อมูล",
      "แดชบอร์ดวิเคราะห์ข้อมูล: ดูจำนวนบทสนทนา ผู้ใช้ต่อเดือน คำถามที่ตอบได้และตอบไม่ได้ คำถามยอดนิยม และความพึงพอใจของลูกค้าเป็นกราฟ พร้อมการวิเคราะห์เชิงคาดการณ์ปริมาณแชทในเดือนถัดไป",
    ),
    en(
      "marketplace",
      "Features: marketplace",
      "Marketplace: share or sell your personas as templates, and browse and clone ready-made personas for e-commerce, education and solo-preneurs.",
    ),
    th(
      "marketplace",
      "มาร์เก็ตเพลส",
      "มาร์เก็ตเพลส: แบ่งปันหรือขายเพอร์โซนาของคุณเป็นเทมเพลต และเลือกดูหรือคัดลอกเพอร์โซนาสำเร็จรูปสำหรับอีคอมเมิร์ซ การศึกษา และธุรกิจส่วนตัว",
    ),
    en(
      "handoff",
      "Features: human handoff",
      "Human handoff: an all-in-one inbox shows every conversation from every channel; a staff member can take over a chat from the bot at any time and hand it back, with smart notifications when a customer needs a person.",
    ),
    th(
      "handoff",
      "ส่งต่อให้เจ้าหน้าที่",
      "ส่งต่อให้เจ้าหน้าที่ (Human handoff): กล่องข้อความรวมทุกช่องทางในที่เดียว เจ้าหน้าที่รับแชทต่อจากบอทได้ทุกเมื่อแล้วส่งกลับให้บอท พร้อมการแจ้งเตือนอัจฉริยะเมื่อลูกค้าต้องการคุยกับคน",
    ),
    en(
      "languages",
      "Features: languages",
      "Languages: bots answer in Thai and English, or detect the customer's language automatically. Thai messages are understood word by word, even without spaces.",
    ),
    th(
      "languages",
      "ภาษา",
      "ภาษา: บอทตอบได้ทั้งภาษาไทยและภาษาอังกฤษ หรือตรวจจับภาษาของลูกค้าโดยอัตโนมัติ และเข้าใจข้อความภาษาไทยแม้ไม่มีการเว้นวรรค",
    ),
  ];
}

function demoFaqs(brand: string): DemoFaq[] {
  return [
    {
      topic: "pricing",
      language: "en",
      question: `How much does ${brand} cost?`,
      answer:
        "Plans start at 990 THB per month (Starter). Pro is 2,490 THB, Business 3,990 THB and Enterprise 14,900 THB per month. Paying for 6 months saves 5% and yearly saves 10%.",
    },
    {
      topic: "trial",
      language: "en",
      question: "Is there a free trial?",
      answer: "Yes: 7 days free with 1 trial bot, no payment needed to start.",
    },
    {
      topic: "channels",
      language: "en",
      question: "Which channels can I connect?",
      answer:
        "LINE Official Account, Facebook Messenger, Instagram Direct, TikTok, a website widget, the REST API and spreadsheets (CSV or Google Sheets).",
    },
    {
      topic: "persona-builder",
      language: "en",
      question: "Do I need to know how to code?",
      answer: `No. ${brand} is no-code: you shape the bot in the persona builder and connect channels in a few clicks.`,
    },
    {
      topic: "handoff",
      language: "en",
      question: "Can a person take over the conversation?",
      answer:
        "Yes. With human handoff your staff can take over any chat from the bot and hand it back later.",
    },
    {
      topic: "billing",
      language: "en",
      question: "Do the prices include AI costs?",
      answer:
        "No. Prices exclude AI API costs: you register with an AI provider and top up credits yourself.",
    },
    {
      topic: "languages",
      language: "en",
      question: "Can the bot reply in Thai?",
      answer:
        "Yes. Bots reply in Thai or English, or follow the customer's language automatically.",
    },
    {
      topic: "pricing",
      language: "th",
      question: "แพ็กเกจราคาเท่าไหร่",
      answer:
        "แพ็กเกจเริ่มต้นที่ 990 บาทต่อเดือน (Starter) แพ็กเกจ Pro 2,490 บาท Business 3,990 บาท และ Enterprise 14,900 บาทต่อเดือน จ่ายราย 6 เดือนลด 5% และจ่ายรายปีลด 10%",
    },
    {
      topic: "trial",
      language: "th",
      question: "มีทดลองใช้ฟรีไหม",
      answer: "มีค่ะ ทดลองใช้ฟรี 7 วัน สร้างบอททดลองได้ 1 ตัว โดยไม่ต้องชำระเงินก่อน",
    },
    {
      topic: "channels",
      language: "th",
      question: "เชื่อมต่อช่องทางไหนได้บ้าง",
      answer:
        "เชื่อมต่อได้กับ LINE Official Account, Facebook Messenger, Instagram Direct, TikTok, วิดเจ็ตบนเว็บไซต์, REST API และสเปรดชีต (CSV หรือ Google Sheets)",
    },
    {
      topic: "persona-builder",
      language: "th",
      question: "ต้องเขียนโค้ดเป็นไหม",
      answer: `ไม่ต้องค่ะ ${brand} เป็นแพลตฟอร์มแบบไม่ต้องเขียนโค้ด สร้างเพอร์โซนาด้วย Persona Builder และเชื่อมต่อช่องทางได้ในไม่กี่คลิก`,
    },
    {
      topic: "handoff",
      language: "th",
      question: "ให้เจ้าหน้าที่ตอบแทนบอทได้ไหม",
      answer: "ได้ค่ะ ฟีเจอร์ส่งต่อให้เจ้าหน้าที่ช่วยให้ทีมงานรับแชทต่อจากบอทได้ทุกเมื่อ แล้วส่งกลับให้บอทภายหลัง",
    },
    {
      topic: "billing",
      language: "th",
      question: "ราคารวมค่า AI หรือยัง",
      answer: "ยังไม่รวมค่ะ ราคาไม่รวมค่าใช้งาน AI API ลูกค้าต้องสมัครกับผู้ให้บริการ AI และเติมเครดิตเอง",
    },
    {
      topic: "languages",
      language: "th",
      question: "บอทตอบภาษาไทยได้ไหม",
      answer: "ได้ค่ะ บอทตอบได้ทั้งภาษาไทยและภาษาอังกฤษ หรือเลือกภาษาตามลูกค้าโดยอัตโนมัติ",
    },
  ];
}
