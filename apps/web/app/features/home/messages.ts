import { brand } from "@jai/contracts/brand";
import type { Bilingual } from "~/i18n/use-locale";

export const en = {
  meta: {
    title: `${brand.name} — Beyond Chatbots. All-in-One AI Platform`,
    description:
      "Build no-code AI chatbots with their own personality, connect them to LINE, Facebook Messenger, Instagram and TikTok, and follow every conversation in one intelligence dashboard.",
  },
  hero: {
    badges: { allInOne: "All-in-One", noCode: "No-Code Solution" },
    titleLead: "Beyond Chatbots.",
    titleAccent: "All-in-One AI Platform.",
    subtitle:
      "Design an AI assistant with its own personality, teach it your business and let it answer customers on every channel they use, without writing a single line of code.",
    cta: "Get Started FREE",
    secondaryCta: "Try Persona Builder",
    trialNote: "7-day free trial with 1 bot",
    channelsLabel: "Works where your customers already chat",
    channelHint: "See channel",
  },
  video: {
    playLabel: "Play video:",
    posterTitle: `See ${brand.name} in action`,
    posterSubtitle: "A quick tour of the platform",
    privacyNote: "The video loads from YouTube only when you press play.",
    iframeTitle: `${brand.name} introduction video`,
  },
  capabilities: {
    eyebrow: "AI Chatbot",
    title: "An AI brain built for real conversations",
    subtitle: `Every ${brand.name} bot combines a modern language model with your own knowledge, memory and analytics.`,
    items: {
      predictive: {
        title: "Predictive Analysis",
        description: "Forecast conversation volume and spot trends before they peak.",
      },
      languageModel: {
        title: "Language-Model Core",
        description: "Natural, fluent replies in Thai and English from the model you choose.",
      },
      analytics: {
        title: "Advanced Analytics",
        description: "Top questions, answer rates and satisfaction, all in one view.",
      },
      selfImprovement: {
        title: "Self-Improvement",
        description: "Unanswered and low-rated replies become better answers over time.",
      },
      imageRecognition: {
        title: "Image Recognition",
        description: "Understands the photos customers send, from products to payment slips.",
      },
      knowledgeBase: {
        title: "Knowledge Base",
        description: "Answers from your documents and FAQs, with search that understands Thai.",
      },
      memory: {
        title: "Long-Term Memory",
        description:
          "Keeps the context of each conversation, so customers never repeat themselves.",
      },
    },
    explore: {
      title: "Explore the AI Chatbot",
      description: "See everything your bot can do",
    },
  },
  allInOne: {
    eyebrow: "All-in-One Features",
    title: "Everything you need to run AI customer conversations",
    subtitle: "Build the persona, connect your channels and measure the results, in one platform.",
    learnMore: "Learn More",
    learnMoreAbout: "about",
    cards: {
      personaBuilder: {
        title: "Persona Builder",
        description: "Give your bot a name, a voice and a personality that fits your brand.",
        points: [
          "Tone, role and greeting",
          "FAQs and custom prompts",
          "Live preview before you publish",
        ],
      },
      multiChannel: {
        title: "Multi-Channel",
        description: "One bot answers on LINE, Messenger, Instagram, TikTok and your website.",
        points: ["Connect in a few clicks", "Website widget and API", "One shared inbox"],
      },
      dashboard: {
        title: "Intelligence Dashboard",
        description: "See what customers ask, how well your bot answers and where to improve.",
        points: [
          "Conversations and users per month",
          "Answered vs unanswered questions",
          "Satisfaction from customer feedback",
        ],
      },
    },
    marketplace: {
      title: "Marketplace",
      description:
        "Start from persona templates that already work, or share and sell your own to other businesses.",
      categoriesLabel: "Popular categories",
      categories: ["E-commerce", "Education", "Solo-Preneur"],
      cta: "Browse the Marketplace",
    },
    supportive: {
      title: "Supportive Features",
      subtitle: "The everyday tools that keep your team and your customers in sync.",
      items: {
        smartNotification: "Smart Notification",
        inbox: "All-in-One Chat Inbox",
        billing: "Invoices & Billing",
        handoff: "Human-in-the-Loop Handoff",
        integration: "Integration & Automation",
        feedback: "End-User Feedback",
        consulting: "Consulting & Custom Work",
      },
      seeAll: "See all supportive features",
    },
  },
  personas: {
    eyebrow: "Persona Builder",
    title: "Give your bot a personality customers remember",
    subtitle: "Start from a ready-made persona and make it yours, or build one from scratch.",
    readyMadeTitle: "Ready-made personas",
    traitsLabel: "Traits",
    items: {
      professional: {
        name: "Professional Assistant",
        tagline: "Polished, precise and always on-brand.",
        traits: ["Formal", "Precise", "Efficient", "Reliable"],
      },
      friendly: {
        name: "Friendly Companion",
        tagline: "Warm, upbeat and easy to talk to.",
        traits: ["Warm", "Cheerful", "Empathetic", "Casual"],
      },
      tech: {
        name: "Tech Expert",
        tagline: "Explains complex things simply, step by step.",
        traits: ["Knowledgeable", "Analytical", "Patient", "Clear"],
      },
      sales: {
        name: "Sales Specialist",
        tagline: "Recommends the right product and helps close the sale.",
        traits: ["Persuasive", "Energetic", "Goal-oriented", "Attentive"],
      },
    },
    customizeTitle: "Customize every detail",
    customization: {
      traits: {
        title: "Personality Traits",
        description: "Choose the tone, role and style, from formal to fun.",
      },
      flow: {
        title: "Conversation Flow",
        description: "Set the greeting, the default replies and how the bot guides each chat.",
      },
      industry: {
        title: "Industry Focus",
        description: "Add your knowledge base and FAQs so every answer fits your business.",
      },
      prompts: {
        title: "Custom Prompts",
        description: "Write your own instructions and catchphrases for full control.",
      },
    },
    cta: "Try Persona Builder Free",
  },
  channels: {
    eyebrow: "Multi-Channel",
    title: "Meet customers on the apps they already use",
    subtitle:
      "Connect once and your bot answers around the clock, with every conversation in one inbox.",
    items: {
      line: {
        name: "LINE Official Account",
        points: [
          "Instant replies to every chat with your official account",
          "Text, image and quick-reply messages",
          "Hands the chat to your team when needed",
          "Made for Thailand's favourite chat app",
        ],
      },
      messenger: {
        name: "Facebook Messenger",
        points: [
          "Answers your Facebook Page's messages 24/7",
          "Understands the photos customers send",
          "Shares one inbox with your other channels",
        ],
      },
      instagram: {
        name: "Instagram Direct",
        points: [
          "Replies to direct messages in your brand's voice",
          "Answers product questions from your knowledge base",
          "Passes special requests to a person on your team",
        ],
      },
      tiktok: {
        name: "TikTok Messages",
        points: [
          "Answers messages from your TikTok audience",
          "Turns viewers into leads and buyers",
          "Tracks the results in your dashboard",
        ],
      },
    },
    alsoAvailable: "Also available: a website widget, the API and spreadsheet integration.",
    learnMore: "Learn More",
    learnMoreAbout: "about multi-channel messaging",
  },
  stats: {
    title: `${brand.name} in numbers`,
    placeholder: "Live platform metrics appear here as soon as bots start answering.",
    labels: {
      bots: "Bots created",
      conversations: "Conversations",
      messages: "Messages exchanged",
    },
    ctaTitle: "Ready to build your first AI chatbot?",
    ctaText: "Start your free trial today and go live on your favourite channels in minutes.",
    cta: "Get Started FREE",
  },
};

export type HomeMessages = typeof en;

export const th: HomeMessages = {
  meta: {
    title: `${brand.name} — มากกว่าแชทบอท แพลตฟอร์ม AI ครบวงจร`,
    description:
      "สร้างแชทบอท AI ที่มีบุคลิกเป็นของตัวเองโดยไม่ต้องเขียนโค้ด เชื่อมต่อกับ LINE, Facebook Messenger, Instagram และ TikTok แล้วติดตามทุกบทสนทนาได้ในแดชบอร์ดอัจฉริยะเดียว",
  },
  hero: {
    badges: { allInOne: "ครบวงจร", noCode: "ไม่ต้องเขียนโค้ด" },
    titleLead: "มากกว่าแชทบอท",
    titleAccent: "แพลตฟอร์ม AI ครบวงจร",
    subtitle:
      "ออกแบบผู้ช่วย AI ที่มีบุคลิกเป็นของตัวเอง สอนให้รู้จักธุรกิจของคุณ แล้วปล่อยให้ตอบลูกค้าได้ทุกช่องทางที่ลูกค้าใช้ โดยไม่ต้องเขียนโค้ดแม้แต่บรรทัดเดียว",
    cta: "เริ่มต้นใช้งานฟรี",
    secondaryCta: "ลองสร้างเพอร์โซนา",
    trialNote: "ทดลองใช้ฟรี 7 วัน พร้อมบอท 1 ตัว",
    channelsLabel: "ใช้งานได้ทุกช่องทางที่ลูกค้าของคุณแชทอยู่แล้ว",
    channelHint: "ดูช่องทาง",
  },
  video: {
    playLabel: "เล่นวิดีโอ:",
    posterTitle: `ดู ${brand.name} ทำงานจริง`,
    posterSubtitle: "พาชมแพลตฟอร์มแบบรวดเร็ว",
    privacyNote: "วิดีโอจะโหลดจาก YouTube ก็ต่อเมื่อคุณกดเล่นเท่านั้น",
    iframeTitle: `วิดีโอแนะนำ ${brand.name}`,
  },
  capabilities: {
    eyebrow: "แชทบอท AI",
    title: "สมอง AI ที่พร้อมสำหรับบทสนทนาจริง",
    subtitle: `บอททุกตัวของ ${brand.name} ผสานโมเดลภาษาสมัยใหม่เข้ากับฐานความรู้ หน่วยความจำ และการวิเคราะห์ข้อมูลของคุณเอง`,
    items: {
      predictive: {
        title: "การวิเคราะห์เชิงคาดการณ์",
        description: "คาดการณ์ปริมาณบทสนทนาและมองเห็นแนวโน้มก่อนถึงช่วงพีค",
      },
      languageModel: {
        title: "แกนหลักโมเดลภาษา",
        description: "ตอบกลับอย่างเป็นธรรมชาติทั้งภาษาไทยและภาษาอังกฤษ ด้วยโมเดลที่คุณเลือกเอง",
      },
      analytics: {
        title: "การวิเคราะห์ขั้นสูง",
        description: "คำถามยอดนิยม อัตราการตอบ และความพึงพอใจ รวมไว้ในมุมมองเดียว",
      },
      selfImprovement: {
        title: "พัฒนาตัวเองอย่างต่อเนื่อง",
        description: "คำถามที่ตอบไม่ได้หรือได้คะแนนต่ำ จะถูกนำมาปรับเป็นคำตอบที่ดีขึ้นเรื่อย ๆ",
      },
      imageRecognition: {
        title: "การจดจำรูปภาพ",
        description: "เข้าใจรูปที่ลูกค้าส่งมา ตั้งแต่รูปสินค้าไปจนถึงสลิปโอนเงิน",
      },
      knowledgeBase: {
        title: "ฐานความรู้",
        description: "ตอบจากเอกสารและคำถามที่พบบ่อยของคุณ ด้วยระบบค้นหาที่เข้าใจภาษาไทย",
      },
      memory: {
        title: "หน่วยความจำระยะยาว",
        description: "จดจำบริบทของแต่ละบทสนทนา ลูกค้าจึงไม่ต้องพูดซ้ำ",
      },
    },
    explore: {
      title: "สำรวจแชทบอท AI",
      description: "ดูทุกความสามารถของบอทคุณ",
    },
  },
  allInOne: {
    eyebrow: "ฟีเจอร์ครบวงจร",
    title: "ครบทุกเครื่องมือสำหรับดูแลลูกค้าด้วย AI",
    subtitle: "สร้างเพอร์โซนา เชื่อมต่อช่องทาง และวัดผลลัพธ์ ได้ครบในแพลตฟอร์มเดียว",
    learnMore: "ดูรายละเอียด",
    learnMoreAbout: "เกี่ยวกับ",
    cards: {
      personaBuilder: {
        title: "ตัวสร้างเพอร์โซนา",
        description: "ตั้งชื่อ กำหนดน้ำเสียง และสร้างบุคลิกให้บอทที่เข้ากับแบรนด์ของคุณ",
        points: ["น้ำเสียง บทบาท และคำทักทาย", "คำถามที่พบบ่อยและพรอมต์เฉพาะ", "ทดลองแชทก่อนเปิดใช้งานจริง"],
      },
      multiChannel: {
        title: "หลายช่องทาง",
        description: "บอทตัวเดียวตอบลูกค้าได้ทั้งใน LINE, Messenger, Instagram, TikTok และเว็บไซต์ของคุณ",
        points: ["เชื่อมต่อได้ในไม่กี่คลิก", "วิดเจ็ตสำหรับเว็บไซต์และ API", "กล่องข้อความรวมในที่เดียว"],
      },
      dashboard: {
        title: "แดชบอร์ดอัจฉริยะ",
        description: "รู้ว่าลูกค้าถามอะไร บอทตอบได้ดีแค่ไหน และควรปรับปรุงตรงไหน",
        points: [
          "จำนวนบทสนทนาและผู้ใช้รายเดือน",
          "คำถามที่ตอบได้เทียบกับที่ตอบไม่ได้",
          "ความพึงพอใจจากความคิดเห็นของลูกค้า",
        ],
      },
    },
    marketplace: {
      title: "มาร์เก็ตเพลส",
      description: "เริ่มต้นจากเทมเพลตเพอร์โซนาที่ใช้ได้ผลจริง หรือแบ่งปันและขายเทมเพลตของคุณให้ธุรกิจอื่น",
      categoriesLabel: "หมวดหมู่ยอดนิยม",
      categories: ["อีคอมเมิร์ซ", "การศึกษา", "ธุรกิจคนเดียว"],
      cta: "เลือกดูมาร์เก็ตเพลส",
    },
    supportive: {
      title: "ฟีเจอร์เสริม",
      subtitle: "เครื่องมือประจำวันที่ช่วยให้ทีมงานและลูกค้าของคุณทำงานร่วมกันได้อย่างราบรื่น",
      items: {
        smartNotification: "การแจ้งเตือนอัจฉริยะ",
        inbox: "กล่องแชทรวมทุกช่องทาง",
        billing: "ใบแจ้งหนี้และการชำระเงิน",
        handoff: "ส่งต่อให้เจ้าหน้าที่ดูแล",
        integration: "การเชื่อมต่อระบบและระบบอัตโนมัติ",
        feedback: "ความคิดเห็นจากผู้ใช้งาน",
        consulting: "ให้คำปรึกษาและพัฒนาตามความต้องการ",
      },
      seeAll: "ดูฟีเจอร์เสริมทั้งหมด",
    },
  },
  personas: {
    eyebrow: "ตัวสร้างเพอร์โซนา",
    title: "สร้างบุคลิกให้บอทที่ลูกค้าจดจำ",
    subtitle: "เริ่มจากบุคลิกสำเร็จรูปแล้วปรับให้เป็นแบบของคุณ หรือจะสร้างขึ้นใหม่ทั้งหมดก็ได้",
    readyMadeTitle: "บุคลิกสำเร็จรูป",
    traitsLabel: "ลักษณะนิสัย",
    items: {
      professional: {
        name: "ผู้ช่วยมืออาชีพ",
        tagline: "สุภาพ แม่นยำ และรักษาภาพลักษณ์ของแบรนด์เสมอ",
        traits: ["เป็นทางการ", "แม่นยำ", "รวดเร็ว", "น่าเชื่อถือ"],
      },
      friendly: {
        name: "เพื่อนคู่ใจ",
        tagline: "อบอุ่น สดใส และคุยง่าย",
        traits: ["อบอุ่น", "ร่าเริง", "เข้าอกเข้าใจ", "เป็นกันเอง"],
      },
      tech: {
        name: "ผู้เชี่ยวชาญด้านเทคนิค",
        tagline: "อธิบายเรื่องซับซ้อนให้เข้าใจง่ายทีละขั้นตอน",
        traits: ["รอบรู้", "คิดเชิงวิเคราะห์", "ใจเย็น", "อธิบายชัดเจน"],
      },
      sales: {
        name: "ผู้เชี่ยวชาญด้านการขาย",
        tagline: "แนะนำสินค้าที่ใช่และช่วยปิดการขาย",
        traits: ["โน้มน้าวเก่ง", "กระตือรือร้น", "มุ่งเป้าหมาย", "ใส่ใจลูกค้า"],
      },
    },
    customizeTitle: "ปรับแต่งได้ทุกรายละเอียด",
    customization: {
      traits: {
        title: "ลักษณะนิสัย",
        description: "เลือกน้ำเสียง บทบาท และสไตล์ ตั้งแต่เป็นทางการไปจนถึงสนุกสนาน",
      },
      flow: {
        title: "ลำดับการสนทนา",
        description: "กำหนดคำทักทาย คำตอบเริ่มต้น และวิธีที่บอทพาลูกค้าไปในแต่ละบทสนทนา",
      },
      industry: {
        title: "เจาะจงตามอุตสาหกรรม",
        description: "ใส่ฐานความรู้และคำถามที่พบบ่อย เพื่อให้ทุกคำตอบตรงกับธุรกิจของคุณ",
      },
      prompts: {
        title: "พรอมต์เฉพาะ",
        description: "เขียนคำสั่งและวลีประจำตัวของคุณเอง เพื่อควบคุมบอทได้อย่างเต็มที่",
      },
    },
    cta: "ลองใช้ตัวสร้างเพอร์โซนาฟรี",
  },
  channels: {
    eyebrow: "หลายช่องทาง",
    title: "พบลูกค้าบนแอปที่พวกเขาใช้อยู่ทุกวัน",
    subtitle: "เชื่อมต่อเพียงครั้งเดียว บอทของคุณก็พร้อมตอบตลอด 24 ชั่วโมง และทุกบทสนทนาจะรวมอยู่ในกล่องข้อความเดียว",
    items: {
      line: {
        name: "LINE Official Account",
        points: [
          "ตอบทุกแชทในบัญชีทางการของคุณได้ทันที",
          "รองรับข้อความ รูปภาพ และปุ่มตอบกลับด่วน",
          "ส่งต่อให้ทีมงานดูแลต่อได้เมื่อจำเป็น",
          "เหมาะกับแอปแชทที่คนไทยใช้มากที่สุด",
        ],
      },
      messenger: {
        name: "Facebook Messenger",
        points: [
          "ตอบข้อความในเพจ Facebook ได้ตลอด 24 ชั่วโมง",
          "เข้าใจรูปภาพที่ลูกค้าส่งมา",
          "ใช้กล่องข้อความเดียวกับช่องทางอื่น",
        ],
      },
      instagram: {
        name: "Instagram Direct",
        points: [
          "ตอบข้อความส่วนตัวด้วยน้ำเสียงของแบรนด์คุณ",
          "ตอบคำถามเรื่องสินค้าจากฐานความรู้ของคุณ",
          "ส่งต่อคำขอพิเศษให้ทีมงานของคุณดูแล",
        ],
      },
      tiktok: {
        name: "ข้อความ TikTok",
        points: [
          "ตอบข้อความจากผู้ติดตามบน TikTok",
          "เปลี่ยนผู้ชมให้เป็นลูกค้าที่สนใจและผู้ซื้อ",
          "ติดตามผลลัพธ์ได้ในแดชบอร์ดของคุณ",
        ],
      },
    },
    alsoAvailable: "และยังมี: วิดเจ็ตบนเว็บไซต์ การเชื่อมต่อผ่าน API และการเชื่อมต่อกับสเปรดชีต",
    learnMore: "ดูรายละเอียด",
    learnMoreAbout: "เกี่ยวกับการเชื่อมต่อหลายช่องทาง",
  },
  stats: {
    title: `${brand.name} ในตัวเลข`,
    placeholder: "สถิติการใช้งานจริงของแพลตฟอร์มจะแสดงที่นี่ทันทีที่บอทเริ่มตอบลูกค้า",
    labels: {
      bots: "บอทที่สร้างแล้ว",
      conversations: "บทสนทนา",
      messages: "ข้อความที่รับส่ง",
    },
    ctaTitle: "พร้อมสร้างแชทบอท AI ตัวแรกของคุณหรือยัง?",
    ctaText: "เริ่มทดลองใช้ฟรีวันนี้ แล้วเปิดใช้งานบนช่องทางที่คุณชอบได้ในไม่กี่นาที",
    cta: "เริ่มต้นใช้งานฟรี",
  },
};

export const homeMessages: Bilingual<HomeMessages> = { en, th };
