import {
  billingCycleInfo,
  freeTrial,
  getSavings,
  getStartingMonthlyPrice,
  type PaidPlan,
  type PaidPlanId,
  paidPlanIds,
  paidPlans,
  type Quota,
} from "@jai/contracts/plans";
import { type FeatureId, listFeatures, type ProductFeature } from "@jai/contracts/shipped-features";
import { type Persona, PersonaSchema } from "./persona";
import type { KnowledgeSource } from "./retrieval/build-documents";

/**
 * The Demo Bot a fresh install seeds: a bot that answers questions about the platform itself, in
 * English and Thai, from FAQs and a knowledge base. Its knowledge is generated from the plan
 * catalogue (prices, savings, allowances) and the shipped-features list, so it says only what
 * the product does today: a feature that is not built yet gets an honest "not yet". Every
 * section exists once per language, so the local provider answers a Thai question with the Thai
 * passage. Sections and FAQs carry a `topic` (a plan `plan-<id>`, a feature's id, or one of the
 * summaries: pricing, cycles, trial, channels, features, coming): the retrieval quality
 * benchmark (bench/retrieval-quality.ts) checks the right topic ranks first.
 *
 * A function of the brand name, which lives in packages/contracts (`brand.name`) and nowhere
 * else: the seeding code passes it in.
 */
export function createDemoBot(brandName: string): DemoBot {
  const sections = demoSections(brandName);
  const faqs = demoFaqs(brandName);
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
      bio: `I help businesses and creators find their way around ${brandName}, the no-code AI chatbot platform.`,
      tone: "friendly",
      welcomeMessage: `Hi! I'm the ${brandName} Assistant. Ask me about plans, channels or features. / สวัสดีค่ะ ถามเรื่องแพ็กเกจ ช่องทาง หรือฟีเจอร์ของ ${brandName} ได้เลยค่ะ`,
      introduction: `I'm the ${brandName} Assistant: ask me about plans, channels and features, and I'll tell you what ${brandName} does today and what is coming soon.`,
      // One per language: the local provider answers in the customer's language.
      defaultReplies: [
        `I don't have that information yet. Ask me about plans, channels or features, or write to the ${brandName} team through the contact form: we usually reply within 24 hours on business days.`,
        `ข้อนี้ยังไม่มีข้อมูลค่ะ ลองถามเรื่องแพ็กเกจ ช่องทาง หรือฟีเจอร์ หรือส่งข้อความถึงทีม ${brandName} ทางแบบฟอร์มติดต่อ เราตอบกลับภายใน 1 วันทำการค่ะ`,
      ],
      faqs: faqs.map(({ question, answer }) => ({ question, answer })),
      catchphrases: ["Happy chatting!", "ขอให้สนุกกับการแชทนะคะ"],
      contextInstructions: `Only answer questions about ${brandName}. Prices are in Thai baht (THB) and exclude AI API costs. A feature the knowledge calls "coming soon" is not available yet: never describe it as available.`,
      knowledgeBase: "",
      language: "auto",
      customPrompts: "",
      gender: "female",
    }),
    knowledge: sections.map(({ id, title, text }) => ({ id, source: title, title, text })),
    sections,
    faqs,
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

export type DemoLanguage = "en" | "th";

export type DemoSection = {
  id: string;
  topic: string;
  language: DemoLanguage;
  title: string;
  text: string;
};
export type DemoFaq = { topic: string; language: DemoLanguage; question: string; answer: string };

const languages: readonly DemoLanguage[] = ["en", "th"];

/**
 * The plans' names as the pages show them (apps/web/app/i18n/plan-names.ts): the catalogue is
 * language-free. Thai passages give both, since Thai customers write either.
 */
const planNames: Readonly<Record<PaidPlanId, { en: string; th: string }>> = {
  starter: { en: "Starter", th: "เริ่มต้น" },
  pro: { en: "Pro", th: "โปร" },
  business: { en: "Business", th: "ธุรกิจ" },
  enterprise: { en: "Enterprise", th: "องค์กร" },
};

/**
 * A question per feature and language, asked the way a visitor would and answerable with yes or
 * not yet ("Can I …?" / "… ได้ไหม"): the FAQ's answer is "Yes." or "Not yet." then the feature's
 * description. A new feature fails the typecheck here until it has its questions.
 */
const featureQuestions: Readonly<Record<FeatureId, { en: string; th: string }>> = {
  "persona-builder": {
    en: "Can I give my bot its own personality and tone?",
    th: "ตั้งชื่อ บุคลิก และน้ำเสียงของบอทเองได้ไหม",
  },
  "knowledge-base": {
    en: "Can I upload documents for the bot to learn from?",
    th: "อัปโหลดเอกสารให้บอทเรียนรู้ได้ไหม",
  },
  "hosted-page": {
    en: "Does my bot get its own page with a QR code?",
    th: "บอทมีหน้าเว็บของตัวเองพร้อมคิวอาร์โค้ดได้ไหม",
  },
  "website-widget": {
    en: "Can I add a chat button to my website?",
    th: "เพิ่มปุ่มแชทบนเว็บไซต์ของเราได้ไหม",
  },
  line: {
    en: "Can the bot answer my customers on LINE?",
    th: "ใช้บอทตอบลูกค้าใน LINE OA ได้ไหม",
  },
  "public-api": {
    en: "Can my own software talk to the bot through an API?",
    th: "เชื่อมระบบของเราเข้ากับบอทผ่าน API ได้ไหม",
  },
  webhooks: {
    en: "Can new conversations be sent to my own system or CRM?",
    th: "ส่งบทสนทนาใหม่เข้าระบบของเราเองได้ไหม",
  },
  conversations: {
    en: "Can I read and export my bot's conversations?",
    th: "ดูย้อนหลังและส่งออกบทสนทนาของบอทได้ไหม",
  },
  marketplace: {
    en: "Can I start from a ready-made persona template?",
    th: "เริ่มจากเพอร์โซนาสำเร็จรูปได้ไหม",
  },
  accounts: {
    en: "Can I protect my account with two-step verification?",
    th: "ป้องกันบัญชีด้วยการยืนยันตัวตนสองขั้นตอนได้ไหม",
  },
  "ai-providers": {
    en: "Can I use my own OpenAI, Anthropic or Google API key?",
    th: "ใช้คีย์ API ของ OpenAI, Anthropic หรือ Google ของเราเองได้ไหม",
  },
  languages: { en: "Can the bot reply in Thai?", th: "บอทตอบภาษาไทยได้ไหม" },
  photos: {
    en: "Can customers send a photo to the bot?",
    th: "ลูกค้าส่งรูปภาพให้บอทได้ไหม",
  },
  "human-handoff": {
    en: "Can a person take over the conversation?",
    th: "ให้พนักงานหรือคนในทีมรับแชทต่อจากบอทได้ไหม",
  },
  messenger: {
    en: "Can I connect Facebook Messenger?",
    th: "เชื่อมต่อเพจเฟซบุ๊กกับ Messenger ได้ไหม",
  },
  instagram: {
    en: "Can the bot answer Instagram messages?",
    th: "บอทตอบข้อความอินสตาแกรมได้ไหม",
  },
  tiktok: {
    en: "Can the bot answer TikTok messages?",
    th: "บอทตอบข้อความใน TikTok ได้ไหม",
  },
  analytics: {
    en: "Is there an analytics dashboard with charts?",
    th: "ดูกราฟสถิติของบอทได้ไหม",
  },
  "online-payment": {
    en: "Can I pay for a plan online?",
    th: "จ่ายค่าแพ็กเกจออนไลน์ได้ไหม",
  },
  "google-sheets": {
    en: "Does it sync with Google Sheets?",
    th: "ซิงก์ข้อมูลกับ Google Sheets ได้ไหม",
  },
  "long-term-memory": {
    en: "Does the bot remember a customer from an earlier chat?",
    th: "บอทจำลูกค้าจากแชทครั้งก่อนได้ไหม",
  },
  "marketplace-sales": {
    en: "Can I sell personas in the marketplace?",
    th: "ขายเพอร์โซนาในมาร์เก็ตเพลสได้ไหม",
  },
};

/** What the Demo Bot says, per language: the Thai texts must have every English one. */
type DemoTexts = {
  amount(baht: number): string;
  planTitle(id: PaidPlanId): string;
  plan(plan: PaidPlan, brand: string): string;
  planQuestion(id: PaidPlanId): string;
  pricingTitle: string;
  pricing(brand: string): string;
  pricingQuestion(brand: string): string;
  pricingAnswer(): string;
  /** What paying for 6 months or a year saves, from the catalogue's cycles and prices. */
  cycleSavings(): string;
  cyclesTitle: string;
  cycles(): string;
  cyclesQuestion: string;
  trialTitle: string;
  trial(brand: string): string;
  trialQuestion: string;
  trialAnswer(brand: string): string;
  yes: string;
  notYet: string;
  notAvailable(feature: ProductFeature): string;
  comingTitle(feature: ProductFeature): string;
  /** What the plan catalogue lists that comes with a feature not built yet. */
  comingNote(id: FeatureId): string;
  names(features: readonly ProductFeature[]): string;
  featuresTitle(brand: string): string;
  features(brand: string): string;
  featuresQuestion(brand: string): string;
  comingSummaryTitle: string;
  comingSummary(): string;
  comingQuestion: string;
  channelsTitle: string;
  channels(): string;
  channelQuota: string;
  channelsQuestion: string;
  noCodeQuestion: string;
  noCodeAnswer(brand: string): string;
  aiCostsQuestion: string;
  aiCostsAnswer: string;
};

const en: DemoTexts = {
  amount: (baht) => `${formatNumber(baht)} THB`,
  planTitle: (id) => `Plans: ${planNames[id].en}`,
  plan(plan, brand) {
    const { allowances } = plan;
    const includes = [
      quotaEn(allowances.bots, "bot", "bots"),
      quotaEn(allowances.channels, "channel", "channels"),
      `${quotaEn(allowances.usersPerMonth, "user", "users")} per month`,
    ];
    if (allowances.integrations === "custom") includes.push("custom integrations");
    if (allowances.whiteLabel) includes.push(`white-label (no "Powered by ${brand}" line)`);
    if (allowances.onsiteSupport) includes.push("onsite support");
    const popular = plan.isHighlighted ? " (the most popular)" : "";
    const sales = plan.isContactSales
      ? ` ${planNames[plan.id].en} is arranged with our sales team: write to us through the contact form.`
      : "";
    const saving = (cycle: "sixMonths" | "yearly") => {
      const saved = getSavings(plan.id, cycle);
      return saved > 0 ? ` (save ${en.amount(saved)})` : "";
    };
    const same = hasSavings(plan.id) ? "" : " (the same as paying monthly)";
    const prices = `${en.amount(plan.prices.monthly)} per month, ${en.amount(plan.prices.sixMonths)} for 6 months${saving("sixMonths")} or ${en.amount(plan.prices.yearly)} per year${saving("yearly")}${same}`;
    return `${brand} ${planNames[plan.id].en} plan${popular}: ${prices}. It includes ${listEn(includes)}.${sales}`;
  },
  planQuestion: (id) => `How much is the ${planNames[id].en} plan?`,
  pricingTitle: "Plans and prices",
  pricing: (brand) =>
    `${brand} plans, in Thai baht: ${listEn(paidPlanIds.map((id) => `${planNames[id].en} ${en.amount(paidPlans[id].prices.monthly)}`))} per month. ${en.cycleSavings()} Every account starts with a ${freeTrial.trialDays}-day free trial.`,
  pricingQuestion: (brand) => `How much does ${brand} cost?`,
  pricingAnswer: () => {
    const cheapest = cheapestPlanId();
    const others = paidPlanIds
      .filter((id) => id !== cheapest)
      .map((id) => `${planNames[id].en} is ${en.amount(paidPlans[id].prices.monthly)}`);
    return `Plans start at ${en.amount(paidPlans[cheapest].prices.monthly)} per month (${planNames[cheapest].en}). ${listEn(others)} per month. ${en.cycleSavings()}`;
  },
  cycleSavings: () => {
    const same = plansWithoutSavings().map((id) => planNames[id].en);
    const exception = same.length > 0 ? ` (${listEn(same)} costs the same on every cycle)` : "";
    return `Pay for 6 months and get a discount of up to ${billingCycleInfo.sixMonths.discountPercent}%, or pay yearly for up to ${billingCycleInfo.yearly.discountPercent}% off${exception}.`;
  },
  cyclesTitle: "Monthly, 6-month and yearly prices",
  cycles: () =>
    `Every plan has a monthly, a 6-month and a yearly price. ${en.cycleSavings()} ${listEn(
      paidPlanIds.map(
        (id) =>
          `${planNames[id].en}: ${en.amount(paidPlans[id].prices.sixMonths)} for 6 months, ${en.amount(paidPlans[id].prices.yearly)} per year`,
      ),
      "; ",
    )}.`,
  cyclesQuestion: "Are longer plans cheaper?",
  trialTitle: "Free trial",
  trial: (brand) =>
    `Free trial: try ${brand} free for ${freeTrial.trialDays} days with ${quotaEn(freeTrial.allowances.bots, "trial bot", "trial bots")}; no payment is needed to start. When the trial ends your bots keep their data, but you cannot add new ones until you choose a plan.`,
  trialQuestion: "Is there a free trial?",
  trialAnswer: (brand) =>
    `Yes. Try ${brand} free for ${freeTrial.trialDays} days with ${quotaEn(freeTrial.allowances.bots, "trial bot", "trial bots")}, no payment needed to start.`,
  yes: "Yes.",
  notYet: "Not yet.",
  notAvailable: (feature) => `${feature.name.en} is not available yet: it is coming soon.`,
  comingTitle: (feature) => `${feature.name.en} (coming soon)`,
  comingNote(id) {
    if (id === "analytics") {
      const levels = plansWithAnalytics().map(
        (planId) =>
          `${planNames[planId].en} has ${analyticsNames[paidPlans[planId].allowances.analytics].en}`,
      );
      return ` In the plan list, ${listEn(levels)}: each comes with the dashboard.`;
    }
    if (
      id === "human-handoff" &&
      paidPlanIds.every((planId) => paidPlans[planId].allowances.crmAlerts)
    )
      return " The CRM alerts listed in every plan come with it.";
    return "";
  },
  names: (features) => listEn(features.map((feature) => feature.name.en)),
  featuresTitle: (brand) => `What ${brand} does today`,
  features: (brand) => `What ${brand} does today: ${en.names(listFeatures("shipped"))}.`,
  featuresQuestion: (brand) => `What can ${brand} do?`,
  comingSummaryTitle: "Coming soon: the roadmap",
  comingSummary: () => `Not available yet, coming soon: ${en.names(listFeatures("coming"))}.`,
  comingQuestion: "Which features are not available yet?",
  channelsTitle: "Channels",
  channels: () =>
    `Channels available today: ${en.names(channelFeatures("shipped"))}. Not available yet, coming soon: ${en.names(channelFeatures("coming"))}.`,
  channelQuota:
    "A plan's channel allowance counts the website widget and LINE; the bot page and the API do not count.",
  channelsQuestion: "Which channels can I connect?",
  noCodeQuestion: "Do I need to know how to code?",
  noCodeAnswer: (brand) =>
    `No. ${brand} is no-code: you shape the bot in the persona builder, give it knowledge and connect channels in a few clicks.`,
  aiCostsQuestion: "Do the prices include AI costs?",
  aiCostsAnswer:
    "No. Plan prices do not include AI usage: a bot on OpenAI, Anthropic or Google uses your own API key, and you top up credits with that provider. The built-in answerer needs no key.",
};

const th: DemoTexts = {
  amount: (baht) => `${formatNumber(baht)} บาท`,
  planTitle: (id) => `แพ็กเกจ${planNames[id].th} (${planNames[id].en})`,
  plan(plan, brand) {
    const { allowances } = plan;
    const includes = [
      allowances.bots === "unlimited"
        ? "สร้างบอทได้ไม่จำกัด"
        : `สร้างบอทได้ ${formatNumber(allowances.bots)} ตัว`,
      allowances.channels === "unlimited"
        ? "เชื่อมต่อช่องทางได้ไม่จำกัด"
        : `เชื่อมต่อได้ ${formatNumber(allowances.channels)} ช่องทาง`,
      allowances.usersPerMonth === "unlimited"
        ? "รองรับผู้ใช้ไม่จำกัด"
        : `รองรับผู้ใช้ ${formatNumber(allowances.usersPerMonth)} คนต่อเดือน`,
    ];
    if (allowances.integrations === "custom") includes.push("เชื่อมต่อระบบแบบกำหนดเอง");
    if (allowances.whiteLabel)
      includes.push(`ใช้แบรนด์ของคุณเอง (ไวท์เลเบล ไม่มีข้อความ ขับเคลื่อนโดย ${brand})`);
    if (allowances.onsiteSupport) includes.push("มีทีมงานดูแลถึงสถานที่");
    const popular = plan.isHighlighted ? " ซึ่งเป็นแพ็กเกจยอดนิยม" : "";
    const sales = plan.isContactSales
      ? ` แพ็กเกจ${planNames[plan.id].th}ติดต่อผ่านฝ่ายขาย ส่งข้อความถึงเราทางแบบฟอร์มติดต่อได้เลย`
      : "";
    const saving = (cycle: "sixMonths" | "yearly") => {
      const saved = getSavings(plan.id, cycle);
      return saved > 0 ? ` (ประหยัด ${th.amount(saved)})` : "";
    };
    const same = hasSavings(plan.id) ? "" : " (เท่ากับจ่ายรายเดือน)";
    const prices = `ราคา ${th.amount(plan.prices.monthly)}ต่อเดือน ${th.amount(plan.prices.sixMonths)}ต่อ 6 เดือน${saving("sixMonths")} หรือ ${th.amount(plan.prices.yearly)}ต่อปี${saving("yearly")}${same}`;
    return `${th.planTitle(plan.id)} ของ ${brand}${popular}: ${prices} ${listTh(includes)}${sales}`;
  },
  planQuestion: (id) => `${th.planTitle(id)} ราคาเท่าไหร่`,
  pricingTitle: "แพ็กเกจและราคา",
  pricing: (brand) =>
    `แพ็กเกจของ ${brand} คิดราคาเป็นเงินบาท: ${listTh(paidPlanIds.map((id) => `${th.planTitle(id)} ${th.amount(paidPlans[id].prices.monthly)}`))}ต่อเดือน ${th.cycleSavings()} ทุกบัญชีเริ่มต้นด้วยการทดลองใช้ฟรี ${freeTrial.trialDays} วัน`,
  pricingQuestion: () => "แพ็กเกจราคาเท่าไหร่",
  pricingAnswer: () => {
    const cheapest = cheapestPlanId();
    const others = paidPlanIds
      .filter((id) => id !== cheapest)
      .map((id) => `${th.planTitle(id)} ${th.amount(paidPlans[id].prices.monthly)}`);
    return `ราคาเริ่มต้นที่ ${th.amount(paidPlans[cheapest].prices.monthly)}ต่อเดือนกับ${th.planTitle(cheapest)} ${listTh(others)}ต่อเดือน ${th.cycleSavings()}`;
  },
  cycleSavings: () => {
    const same = plansWithoutSavings().map((id) => `แพ็กเกจ${planNames[id].th}`);
    const exception = same.length > 0 ? ` (${listTh(same)}ราคาเท่ากันทุกรอบ)` : "";
    return `จ่ายราย 6 เดือนได้ส่วนลดสูงสุด ${billingCycleInfo.sixMonths.discountPercent}% และจ่ายรายปีได้ส่วนลดสูงสุด ${billingCycleInfo.yearly.discountPercent}%${exception}`;
  },
  cyclesTitle: "ราคารายเดือน ราย 6 เดือน และรายปี",
  cycles: () =>
    `ทุกแพ็กเกจมีราคารายเดือน ราย 6 เดือน และรายปี ${th.cycleSavings()} ${listTh(
      paidPlanIds.map(
        (id) =>
          `แพ็กเกจ${planNames[id].th} ${th.amount(paidPlans[id].prices.sixMonths)}ต่อ 6 เดือน ${th.amount(paidPlans[id].prices.yearly)}ต่อปี`,
      ),
    )}`,
  cyclesQuestion: "ชำระแบบ 6 เดือนหรือรายปีถูกกว่าไหม",
  trialTitle: "ทดลองใช้ฟรี",
  trial: (brand) =>
    `ทดลองใช้ ${brand} ฟรี ${freeTrial.trialDays} วัน สร้างบอททดลองได้ ${quotaTh(freeTrial.allowances.bots, "ตัว")} เริ่มได้ทันทีโดยไม่ต้องชำระเงิน เมื่อครบกำหนด บอทและข้อมูลยังอยู่ครบ แต่จะสร้างบอทเพิ่มไม่ได้จนกว่าจะเลือกแพ็กเกจ`,
  trialQuestion: "มีทดลองใช้ฟรีไหม",
  trialAnswer: () =>
    `มีค่ะ ทดลองใช้ฟรี ${freeTrial.trialDays} วัน สร้างบอททดลองได้ ${quotaTh(freeTrial.allowances.bots, "ตัว")} โดยไม่ต้องชำระเงินก่อน`,
  yes: "ได้ค่ะ",
  notYet: "ยังไม่ได้ค่ะ",
  notAvailable: (feature) => `${feature.name.th} ยังไม่เปิดให้ใช้งาน กำลังจะมาเร็ว ๆ นี้`,
  comingTitle: (feature) => `${feature.name.th} (เร็ว ๆ นี้)`,
  comingNote(id) {
    if (id === "analytics") {
      const levels = plansWithAnalytics().map(
        (planId) =>
          `แพ็กเกจ${planNames[planId].th}มี${analyticsNames[paidPlans[planId].allowances.analytics].th}`,
      );
      return ` ในรายการแพ็กเกจ ${listTh(levels)} ซึ่งจะมาพร้อมแดชบอร์ด`;
    }
    if (
      id === "human-handoff" &&
      paidPlanIds.every((planId) => paidPlans[planId].allowances.crmAlerts)
    )
      return " การแจ้งเตือน CRM ที่ทุกแพ็กเกจระบุไว้จะมาพร้อมฟีเจอร์นี้";
    return "";
  },
  names: (features) => listTh(features.map((feature) => feature.name.th)),
  featuresTitle: (brand) => `สิ่งที่ ${brand} ทำได้ตอนนี้`,
  features: (brand) => `สิ่งที่ ${brand} ทำได้ตอนนี้: ${th.names(listFeatures("shipped"))}`,
  featuresQuestion: (brand) => `${brand} ทำอะไรได้บ้าง`,
  comingSummaryTitle: "ฟีเจอร์ที่กำลังจะมาเร็ว ๆ นี้",
  comingSummary: () => `ฟีเจอร์ที่ยังไม่เปิดให้ใช้งาน กำลังจะมาเร็ว ๆ นี้: ${th.names(listFeatures("coming"))}`,
  comingQuestion: "ฟีเจอร์ไหนที่ยังใช้ไม่ได้",
  channelsTitle: "ช่องทาง",
  channels: () =>
    `ช่องทางที่ใช้ได้ตอนนี้: ${th.names(channelFeatures("shipped"))} ส่วนที่ยังไม่เปิดให้ใช้งาน กำลังจะมาเร็ว ๆ นี้: ${th.names(channelFeatures("coming"))}`,
  channelQuota: "โควตาช่องทางของแพ็กเกจนับวิดเจ็ตบนเว็บไซต์และไลน์ ส่วนหน้าแชทบอทและ API ไม่นับรวม",
  channelsQuestion: "เชื่อมต่อช่องทางไหนได้บ้าง",
  noCodeQuestion: "ต้องเขียนโค้ดเป็นไหม",
  noCodeAnswer: (brand) =>
    `ไม่ต้องค่ะ ${brand} เป็นแพลตฟอร์มแบบไม่ต้องเขียนโค้ด กำหนดบอทด้วยตัวสร้างเพอร์โซนา ใส่ฐานความรู้ และเชื่อมต่อช่องทางได้ในไม่กี่คลิก`,
  aiCostsQuestion: "ราคารวมค่า AI หรือยัง",
  aiCostsAnswer:
    "ยังไม่รวมค่ะ ราคาแพ็กเกจไม่รวมค่าใช้งาน AI บอทที่ใช้ OpenAI, Anthropic หรือ Google จะใช้คีย์ API ของคุณเอง และคุณเติมเครดิตกับผู้ให้บริการ AI เอง ส่วนระบบตอบในตัวไม่ต้องใช้คีย์",
};

const say: Readonly<Record<DemoLanguage, DemoTexts>> = { en, th };

const analyticsNames = {
  none: { en: "no analytics", th: "ไม่มีการวิเคราะห์ข้อมูล" },
  basic: { en: "basic analytics", th: "การวิเคราะห์ข้อมูลพื้นฐาน" },
  deep: { en: "deep analytics with export", th: "การวิเคราะห์เชิงลึกพร้อมส่งออกข้อมูล" },
  predictive: { en: "predictive analytics", th: "การวิเคราะห์เชิงคาดการณ์" },
} as const;

function demoSections(brand: string): DemoSection[] {
  const sections: DemoSection[] = [];
  for (const language of languages) {
    const texts = say[language];
    const add = (topic: string, title: string, text: string) =>
      sections.push({ id: `demo-${topic}-${language}`, topic, language, title, text });

    add("pricing", texts.pricingTitle, texts.pricing(brand));
    for (const id of paidPlanIds)
      add(`plan-${id}`, texts.planTitle(id), texts.plan(paidPlans[id], brand));
    add("cycles", texts.cyclesTitle, texts.cycles());
    add("trial", texts.trialTitle, texts.trial(brand));
    add("features", texts.featuresTitle(brand), texts.features(brand));
    add("channels", texts.channelsTitle, `${texts.channels()} ${texts.channelQuota}`);
    add("coming", texts.comingSummaryTitle, texts.comingSummary());
    for (const feature of listFeatures("shipped")) {
      const { name, description } = feature;
      add(feature.id, name[language], `${name[language]}: ${afterColon(description[language])}`);
    }
    for (const feature of listFeatures("coming")) {
      const text = `${texts.notAvailable(feature)} ${feature.description[language]}${texts.comingNote(feature.id)}`;
      add(feature.id, texts.comingTitle(feature), text);
    }
  }
  return sections;
}

function demoFaqs(brand: string): DemoFaq[] {
  const faqs: DemoFaq[] = [];
  for (const language of languages) {
    const texts = say[language];
    const add = (topic: string, question: string, answer: string) =>
      faqs.push({ topic, language, question, answer });

    add("pricing", texts.pricingQuestion(brand), texts.pricingAnswer());
    for (const id of paidPlanIds)
      add(`plan-${id}`, texts.planQuestion(id), texts.plan(paidPlans[id], brand));
    add("trial", texts.trialQuestion, texts.trialAnswer(brand));
    add("cycles", texts.cyclesQuestion, texts.cycleSavings());
    add("channels", texts.channelsQuestion, texts.channels());
    add("persona-builder", texts.noCodeQuestion, texts.noCodeAnswer(brand));
    add("ai-providers", texts.aiCostsQuestion, texts.aiCostsAnswer);
    add("features", texts.featuresQuestion(brand), texts.features(brand));
    add("coming", texts.comingQuestion, texts.comingSummary());
    for (const feature of listFeatures("shipped")) {
      const answer = `${texts.yes} ${feature.description[language]}`;
      add(feature.id, featureQuestions[feature.id][language], answer);
    }
    for (const feature of listFeatures("coming")) {
      const answer = `${texts.notYet} ${texts.notAvailable(feature)} ${feature.description[language]}`;
      add(feature.id, featureQuestions[feature.id][language], answer);
    }
  }
  return faqs;
}

function channelFeatures(status: ProductFeature["status"]): ProductFeature[] {
  return listFeatures(status).filter((feature) => feature.kind === "channel");
}

/** "Every bot …" → "every bot …" after a colon; "REST API …" and Thai stay as they are. */
function afterColon(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function plansWithAnalytics(): PaidPlanId[] {
  return paidPlanIds.filter((id) => paidPlans[id].allowances.analytics !== "none");
}

/** "1 bot", "4 bots", "unlimited bots". */
function quotaEn(quota: Quota, one: string, many: string): string {
  if (quota === "unlimited") return `unlimited ${many}`;
  return `${formatNumber(quota)} ${quota === 1 ? one : many}`;
}

/** "1 ตัว", "ไม่จำกัด". */
function quotaTh(quota: Quota, unit: string): string {
  return quota === "unlimited" ? "ไม่จำกัด" : `${formatNumber(quota)} ${unit}`;
}

function hasSavings(id: PaidPlanId): boolean {
  return getSavings(id, "sixMonths") > 0 || getSavings(id, "yearly") > 0;
}

function plansWithoutSavings(): PaidPlanId[] {
  return paidPlanIds.filter((id) => !hasSavings(id));
}

function cheapestPlanId(): PaidPlanId {
  const price = getStartingMonthlyPrice();
  return paidPlanIds.find((id) => paidPlans[id].prices.monthly === price)!;
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "2,490": Latin digits grouped with commas, as the pricing page writes them in both languages. */
function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "a, b and c". */
function listEn(items: readonly string[], separator = ", "): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(separator)} and ${items.at(-1)}`;
}

/**
 * "ก ข และค": Thai lists separate with spaces, with a comma between two Latin names
 * ("Facebook Messenger, Instagram Direct") so they do not run together.
 */
function listTh(items: readonly string[]): string {
  const latinEnd = /[A-Za-z0-9)]$/;
  const latinStart = /^[A-Za-z0-9]/;
  const join = (left: string, right: string, glue: string) =>
    latinEnd.test(left) && latinStart.test(right) ? `${left}, ${right}` : `${left}${glue}${right}`;
  if (items.length <= 1) return items.join("");
  const head = items.slice(0, -1).reduce((text, item) => join(text, item, " "));
  const last = items.at(-1)!;
  return `${head} และ${latinStart.test(last) ? " " : ""}${last}`;
}
