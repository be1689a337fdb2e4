import type { BillingCycle, PaidPlanId } from "@jai/contracts";
import type { Bilingual } from "~/i18n/use-locale";

// Amounts arrive already formatted (formatThb) so both languages show "฿14,193".
type MetaFacts = { brand: string; startingPrice: string; maxDiscount: number; trialDays: number };

export const en = {
  meta: {
    title: ({ startingPrice }: MetaFacts) =>
      `Pricing: AI chatbot plans from ${startingPrice}/month`,
    description: ({ brand, startingPrice, maxDiscount, trialDays }: MetaFacts) =>
      `${brand} pricing in THB: the Starter plan from ${startingPrice}/month, then Pro, Business and Enterprise. Save up to ${maxDiscount}% with yearly billing and start with a ${trialDays}-day free trial.`,
  },
  jsonLd: {
    productName: (brand: string, plan: string) => `${brand} ${plan} plan`,
    offerName: (plan: string, cycle: string) => `${plan} plan, ${cycle.toLowerCase()}`,
  },
  hero: {
    eyebrow: "Pricing",
    title: "Simple pricing that grows with your business",
    intro: (trialDays: number) =>
      `Start with a ${trialDays}-day free trial, then choose the plan that fits. Every plan includes the AI chatbot, the persona builder and CRM alerts, billed in Thai baht.`,
  },
  cycles: {
    label: "Billing cycle",
    names: { monthly: "Monthly", sixMonths: "6 Months", yearly: "Yearly" } satisfies Record<
      BillingCycle,
      string
    >,
    discount: (percent: number) => `${percent}% off`,
    suffix: { monthly: "/month", sixMonths: "/6 months", yearly: "/year" } satisfies Record<
      BillingCycle,
      string
    >,
  },
  plansTitle: "Plans",
  apiCostNote: {
    title: "AI API costs are not included",
    text: "Plan prices do not cover AI model usage. To use a provider such as OpenAI, Anthropic or Google, you register with it yourself and top up your own credits.",
  },
  trial: {
    title: "Free trial",
    badge: (days: number) => `${days} days free`,
    description:
      "Try the platform with one trial bot before you choose a plan. No payment needed to start.",
    facts: (days: number, bots: number) => [
      `${days}-day trial`,
      bots === 1 ? "1 trial bot" : `${bots} trial bots`,
      "Knowledge base and CRM alerts",
    ],
    priceSuffix: (days: number) => `for ${days} days`,
    cta: "Start free trial",
  },
  plans: {
    starter: {
      name: "Starter",
      description: "For shops and creators launching their first AI chatbot on one channel.",
    },
    pro: {
      name: "Pro",
      description: "For growing businesses serving customers on several channels.",
    },
    business: {
      name: "Business",
      description: "For teams that need deep insights, data export and custom integrations.",
    },
    enterprise: {
      name: "Enterprise",
      description:
        "For large organisations that need unlimited scale, white-label and onsite support.",
    },
  } satisfies Record<PaidPlanId, { name: string; description: string }>,
  card: {
    popular: "Popular",
    priceLabel: (plan: string) => `${plan} price`,
    billedMonthly: "Billed monthly",
    perMonth: (amount: string) => `Works out to ${amount}/month`,
    save: (amount: string) => `Save ${amount}`,
    noDiscount: "Same as paying monthly",
    includes: "What's included",
    getStarted: "Get Started",
    contactSales: "Contact Sales",
  },
  allowances: {
    bots: (count: number, formatted: string) => (count === 1 ? "1 bot" : `${formatted} bots`),
    unlimitedBots: "Unlimited bots",
    channels: (count: number, formatted: string) =>
      count === 1 ? "1 channel" : `${formatted} channels`,
    unlimitedChannels: "Unlimited channels",
    usersPerMonth: (formatted: string) => `${formatted} users per month`,
    unlimitedUsersPerMonth: "Unlimited users per month",
    knowledgeBase: "Knowledge base (FAQs and documents)",
    unlimitedKnowledgeBase: "Unlimited knowledge base",
    basicAnalytics: "Basic analytics",
    deepAnalytics: "Deep analytics with export",
    predictiveAnalytics: "Predictive AI analytics",
    limitedMarketplace: "Limited marketplace access",
    fullMarketplace: "Full marketplace access",
    customIntegrations: "Custom integrations",
    crmAlerts: "CRM alerts",
    whiteLabel: "White-label branding",
    onsiteSupport: "Onsite support",
  },
  mainFeatures: {
    title: "Included in every plan",
    intro: "The core of the platform comes with every plan, from Starter to Enterprise.",
    items: {
      aiChatbot: {
        title: "AI Chatbot",
        text: "A language-model core with a knowledge base, image recognition and long-term memory that answers in Thai and English.",
      },
      personaBuilder: {
        title: "Persona Builder",
        text: "Give your bot a name, a tone and a personality without writing code, and try it in a live preview.",
      },
      multiChannel: {
        title: "Multi-Channel",
        text: "Connect LINE Official Account, Facebook Messenger, Instagram, TikTok or your website and reply from one inbox.",
      },
      crmAlerts: {
        title: "CRM Alerts",
        text: "Smart notifications tell your team when a customer needs a person, and hand the chat from the bot to a human.",
      },
    },
    learnMore: "Learn more",
  },
  comparison: {
    title: "Compare plans",
    intro: "See what each plan includes, side by side.",
    caption: "Features and allowances of each plan",
    feature: "Feature",
    price: "Price",
    scrollHint: "Swipe sideways to see every plan.",
    rows: {
      bots: "Bots",
      usersPerMonth: "Users per month",
      aiChatbot: "AI chatbot",
      knowledgeBase: "Knowledge base",
      marketplace: "Marketplace",
      predictiveAnalytics: "Predictive analytics",
      advancedAnalytics: "Advanced analytics",
      channels: "Channels",
      integrations: "Integrations",
      crmAlerts: "CRM alerts",
      seats: "Team seats",
    },
    values: {
      unlimited: "Unlimited",
      limited: "Limited",
      full: "Full",
      standard: "Standard",
      custom: "Custom",
      none: "None",
      basic: "Basic",
      deep: "Deep",
      predictive: "Predictive",
    },
    included: "Included",
    notIncluded: "Not included",
    knowledgeStandard: (megabytes: number, sources: number) =>
      `Standard (${megabytes} MB, ${sources} sources)`,
  },
  closing: {
    title: "Not sure which plan fits?",
    text: "Tell us about your business and channels, and we will recommend the right plan.",
    cta: "Talk to us",
  },
};

export type PricingMessages = typeof en;

export const th: PricingMessages = {
  meta: {
    title: ({ startingPrice }) => `ราคาแพ็กเกจแชทบอท AI เริ่มต้น ${startingPrice}/เดือน`,
    description: ({ brand, startingPrice, maxDiscount, trialDays }) =>
      `ราคา ${brand} เป็นเงินบาท แพ็กเกจเริ่มต้นเพียง ${startingPrice}/เดือน พร้อมแพ็กเกจโปร ธุรกิจ และองค์กร ประหยัดสูงสุด ${maxDiscount}% เมื่อชำระรายปี และทดลองใช้ฟรี ${trialDays} วัน`,
  },
  jsonLd: {
    productName: (brand, plan) => `${brand} แพ็กเกจ${plan}`,
    offerName: (plan, cycle) => `แพ็กเกจ${plan} (${cycle})`,
  },
  hero: {
    eyebrow: "ราคา",
    title: "ราคาเรียบง่าย เติบโตไปพร้อมธุรกิจของคุณ",
    intro: (trialDays) =>
      `เริ่มต้นด้วยการทดลองใช้ฟรี ${trialDays} วัน แล้วเลือกแพ็กเกจที่เหมาะกับคุณ ทุกแพ็กเกจมีแชทบอท AI เครื่องมือสร้างเพอร์โซนา และการแจ้งเตือน CRM คิดราคาเป็นเงินบาท`,
  },
  cycles: {
    label: "รอบการชำระเงิน",
    names: { monthly: "รายเดือน", sixMonths: "6 เดือน", yearly: "รายปี" },
    discount: (percent) => `ลด ${percent}%`,
    suffix: { monthly: "/เดือน", sixMonths: "/6 เดือน", yearly: "/ปี" },
  },
  plansTitle: "แพ็กเกจทั้งหมด",
  apiCostNote: {
    title: "ราคายังไม่รวมค่าใช้จ่าย AI API",
    text: "ราคาแพ็กเกจไม่รวมค่าใช้งานโมเดล AI หากต้องการใช้ผู้ให้บริการอย่าง OpenAI, Anthropic หรือ Google ลูกค้าต้องสมัครใช้บริการและเติมเครดิตด้วยตนเอง",
  },
  trial: {
    title: "ทดลองใช้ฟรี",
    badge: (days) => `ฟรี ${days} วัน`,
    description: "ลองใช้งานแพลตฟอร์มด้วยบอททดลองก่อนตัดสินใจเลือกแพ็กเกจ เริ่มต้นได้โดยไม่ต้องชำระเงิน",
    facts: (days, bots) => [
      `ทดลองใช้ ${days} วัน`,
      `บอททดลอง ${bots} ตัว`,
      "ฐานความรู้และการแจ้งเตือน CRM",
    ],
    priceSuffix: (days) => `ตลอด ${days} วัน`,
    cta: "เริ่มทดลองใช้ฟรี",
  },
  plans: {
    starter: {
      name: "เริ่มต้น",
      description: "สำหรับร้านค้าและครีเอเตอร์ที่เพิ่งเริ่มใช้แชทบอท AI บนหนึ่งช่องทาง",
    },
    pro: {
      name: "โปร",
      description: "สำหรับธุรกิจที่กำลังเติบโตและดูแลลูกค้าในหลายช่องทาง",
    },
    business: {
      name: "ธุรกิจ",
      description: "สำหรับทีมที่ต้องการข้อมูลเชิงลึก การส่งออกข้อมูล และการเชื่อมต่อระบบแบบกำหนดเอง",
    },
    enterprise: {
      name: "องค์กร",
      description: "สำหรับองค์กรขนาดใหญ่ที่ต้องการใช้งานไม่จำกัด ใช้แบรนด์ของตนเอง และทีมดูแลถึงสถานที่",
    },
  },
  card: {
    popular: "ยอดนิยม",
    priceLabel: (plan) => `ราคาแพ็กเกจ${plan}`,
    billedMonthly: "ชำระเงินรายเดือน",
    perMonth: (amount) => `เฉลี่ยเดือนละ ${amount}`,
    save: (amount) => `ประหยัด ${amount}`,
    noDiscount: "ราคาเท่ากับชำระรายเดือน",
    includes: "สิ่งที่คุณจะได้รับ",
    getStarted: "เริ่มต้นใช้งาน",
    contactSales: "ติดต่อฝ่ายขาย",
  },
  allowances: {
    bots: (_count, formatted) => `${formatted} บอท`,
    unlimitedBots: "บอทไม่จำกัด",
    channels: (_count, formatted) => `${formatted} ช่องทาง`,
    unlimitedChannels: "ช่องทางไม่จำกัด",
    usersPerMonth: (formatted) => `ผู้ใช้ ${formatted} คนต่อเดือน`,
    unlimitedUsersPerMonth: "ผู้ใช้ไม่จำกัดต่อเดือน",
    knowledgeBase: "ฐานความรู้ (FAQ และเอกสาร)",
    unlimitedKnowledgeBase: "ฐานความรู้ไม่จำกัด",
    basicAnalytics: "การวิเคราะห์ข้อมูลพื้นฐาน",
    deepAnalytics: "การวิเคราะห์เชิงลึกพร้อมส่งออกข้อมูล",
    predictiveAnalytics: "การวิเคราะห์เชิงคาดการณ์ด้วย AI",
    limitedMarketplace: "เข้าถึงมาร์เก็ตเพลสแบบจำกัด",
    fullMarketplace: "เข้าถึงมาร์เก็ตเพลสเต็มรูปแบบ",
    customIntegrations: "เชื่อมต่อระบบแบบกำหนดเอง",
    crmAlerts: "การแจ้งเตือน CRM",
    whiteLabel: "ใช้แบรนด์ของคุณเอง (ไวท์เลเบล)",
    onsiteSupport: "ทีมงานดูแลถึงสถานที่",
  },
  mainFeatures: {
    title: "สิ่งที่ได้ในทุกแพ็กเกจ",
    intro: "ความสามารถหลักของแพลตฟอร์มมาพร้อมทุกแพ็กเกจ ตั้งแต่แพ็กเกจเริ่มต้นจนถึงองค์กร",
    items: {
      aiChatbot: {
        title: "แชทบอท AI",
        text: "ขับเคลื่อนด้วยโมเดลภาษา พร้อมฐานความรู้ การจดจำรูปภาพ และความจำระยะยาว ตอบได้ทั้งภาษาไทยและภาษาอังกฤษ",
      },
      personaBuilder: {
        title: "เครื่องมือสร้างเพอร์โซนา",
        text: "กำหนดชื่อ น้ำเสียง และบุคลิกของบอทได้โดยไม่ต้องเขียนโค้ด และทดลองคุยได้ทันทีในหน้าตัวอย่าง",
      },
      multiChannel: {
        title: "หลายช่องทาง",
        text: "เชื่อมต่อ LINE Official Account, Facebook Messenger, Instagram, TikTok หรือเว็บไซต์ของคุณ แล้วตอบทุกแชทจากกล่องข้อความเดียว",
      },
      crmAlerts: {
        title: "การแจ้งเตือน CRM",
        text: "การแจ้งเตือนอัจฉริยะบอกทีมของคุณเมื่อลูกค้าต้องการคุยกับพนักงาน และส่งต่อบทสนทนาจากบอทให้คนดูแลต่อได้ทันที",
      },
    },
    learnMore: "ดูรายละเอียด",
  },
  comparison: {
    title: "เปรียบเทียบแพ็กเกจ",
    intro: "ดูสิ่งที่แต่ละแพ็กเกจมีให้แบบเทียบกันชัด ๆ",
    caption: "ฟีเจอร์และสิทธิ์การใช้งานของแต่ละแพ็กเกจ",
    feature: "ฟีเจอร์",
    price: "ราคา",
    scrollHint: "เลื่อนไปด้านข้างเพื่อดูทุกแพ็กเกจ",
    rows: {
      bots: "จำนวนบอท",
      usersPerMonth: "ผู้ใช้ต่อเดือน",
      aiChatbot: "แชทบอท AI",
      knowledgeBase: "ฐานความรู้",
      marketplace: "มาร์เก็ตเพลส",
      predictiveAnalytics: "การวิเคราะห์เชิงคาดการณ์",
      advancedAnalytics: "การวิเคราะห์ขั้นสูง",
      channels: "จำนวนช่องทาง",
      integrations: "การเชื่อมต่อระบบ",
      crmAlerts: "การแจ้งเตือน CRM",
      seats: "จำนวนที่นั่งของทีม",
    },
    values: {
      unlimited: "ไม่จำกัด",
      limited: "จำกัด",
      full: "เต็มรูปแบบ",
      standard: "มาตรฐาน",
      custom: "กำหนดเอง",
      none: "ไม่มี",
      basic: "พื้นฐาน",
      deep: "เชิงลึก",
      predictive: "เชิงคาดการณ์",
    },
    included: "มี",
    notIncluded: "ไม่มี",
    knowledgeStandard: (megabytes, sources) => `มาตรฐาน (${megabytes} MB, ${sources} แหล่งข้อมูล)`,
  },
  closing: {
    title: "ยังไม่แน่ใจว่าแพ็กเกจไหนเหมาะกับคุณ?",
    text: "เล่าให้เราฟังเกี่ยวกับธุรกิจและช่องทางที่คุณใช้ แล้วเราจะช่วยแนะนำแพ็กเกจที่ใช่",
    cta: "พูดคุยกับเรา",
  },
};

export const pricingMessages: Bilingual<PricingMessages> = { en, th };
