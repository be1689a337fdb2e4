import { brand } from "@jai/contracts";
import type { Bilingual } from "~/i18n/use-locale";
import type { ChatVisualText, FeaturePagesText } from "./types";

// The Thai-first demo shows the same Thai chat on both pages; only its frame is translated.
const thaiDemoChat: ChatVisualText["messages"] = [
  { from: "user", text: "สวัสดีค่ะ เสื้อ oversize สีดำมีไซซ์ L ไหมคะ ส่งเชียงใหม่กี่วัน" },
  {
    from: "bot",
    text: "สวัสดีค่ะ เสื้อ oversize สีดำไซซ์ L ยังมีของค่ะ ส่งเชียงใหม่ใช้เวลา 2–3 วันทำการ ถ้าสั่งก่อนบ่ายสองโมงจะจัดส่งภายในวันนี้เลยค่ะ",
  },
  { from: "user", text: "โอเคค่ะ ขอ link สั่งซื้อหน่อย" },
  {
    from: "bot",
    text: "ได้เลยค่ะ กดลิงก์ด้านล่างเพื่อสั่งซื้อได้เลยนะคะ อยากให้ช่วยเทียบไซซ์เพิ่มเติมไหมคะ",
  },
];

export const en = {
  common: {
    heroSecondary: "See what's included",
    relatedTitle: "Explore more features",
    relatedIntro: `Everything in ${brand.name} works together: one persona, every channel, one dashboard.`,
    step: (n: number) => `Step ${n}`,
  },
  pages: {
    aiChatbot: {
      meta: {
        title: "AI Chatbot that understands Thai customers",
        description: `${brand.name}'s AI chatbot answers customers in Thai and English around the clock, learns from your knowledge base, remembers past conversations and gets better every week.`,
      },
      summary: "Seven AI capabilities with Thai-first understanding.",
      hero: {
        title: "An AI chatbot that truly understands your customers",
        intro: `${brand.name} combines a modern language model with your own knowledge base, long-term memory and analytics, so every customer gets a fast, accurate answer in natural Thai or English, at any hour, without a single line of code.`,
        highlights: [
          "Thai-first language understanding",
          "Answers from your own content",
          "Improves with every conversation",
        ],
      },
      grid: {
        title: "Seven capabilities in one chatbot",
        intro:
          "Not a scripted decision tree. Every capability below works out of the box and gets stronger as your bot talks to more customers.",
        cards: {
          languageModel: {
            title: "Language-model core",
            description:
              "Powered by leading large language models, or a built-in engine that needs no API key, so it understands intent, keeps track of follow-up questions and replies in natural, on-brand language.",
          },
          knowledgeBase: {
            title: "Knowledge base",
            description:
              "Upload product details, price lists, policies and FAQs. The bot finds the most relevant passages and answers from your facts, not guesses, and says so honestly when it doesn't know.",
          },
          longTermMemory: {
            title: "Long-term memory",
            description:
              "Remembers names, preferences and earlier orders across conversations, so returning customers never have to repeat themselves.",
          },
          imageRecognition: {
            title: "Image recognition",
            description:
              "Customers can send a photo of a product, a transfer slip or a problem. Vision-capable models read the image and reply to the point.",
          },
          predictive: {
            title: "Predictive analysis",
            description:
              "Spots patterns in conversation volume and recurring questions, so you can foresee busy periods and prepare answers before customers ask.",
          },
          advancedAnalytics: {
            title: "Advanced analytics",
            description:
              "See which questions come up most, which ones the bot missed and how satisfied customers are, all in one dashboard.",
          },
          selfImprovement: {
            title: "Self-improvement",
            description:
              "Unanswered questions and thumbs-down replies land in a review queue. Approve a better answer once and the bot uses it from then on.",
          },
        },
      },
      spotlight: {
        eyebrow: "Thai-first",
        title: "Built for the way Thai customers really type",
        description: `Thai has no spaces between words, and real chats mix Thai, English, slang and emoji in a single line. ${brand.name} splits Thai text into proper words before it searches your knowledge base, so answers stay accurate where generic chatbots stumble.`,
        points: [
          "Accurate Thai word segmentation for search and answers",
          "Mixed Thai–English messages understood in one go",
          "Polite particles that match your brand's voice",
          "Replies in the customer's own language automatically",
        ],
        visual: {
          kind: "chat",
          label: "Example conversation in Thai",
          botName: "Mali",
          status: "Online",
          messagesLang: "th",
          messages: thaiDemoChat,
          caption:
            "Example: a customer asks about stock and delivery in mixed Thai and English. The bot answers from the shop's own product and shipping information.",
        },
      },
      cta: {
        title: "Give every customer an instant, accurate answer",
        description:
          "Start with a 7-day free trial and have your first bot answering customers today, no code required.",
        button: "See plans & pricing",
      },
    },
    personaBuilder: {
      meta: {
        title: "Persona Builder: design your chatbot's personality",
        description:
          "Give your chatbot a name, a voice and a purpose. Choose from 8 tones, set greetings, behavior and knowledge, then export as JSON, image or PDF, or share it on the marketplace.",
      },
      summary: "Design your bot's identity, tone and knowledge in eight guided tabs.",
      hero: {
        title: "Design a chatbot personality your customers will love",
        intro:
          "The persona builder turns your brand into a bot: who it is, how it speaks, what it knows and how it behaves. Eight guided tabs, a live preview as you type, and zero code.",
        highlights: [
          "8 guided tabs",
          "Live preview while you build",
          "Export or share in one click",
        ],
      },
      grid: {
        title: "Everything that makes a persona feel human",
        intro:
          "Work through the tabs at your own pace. Every field shapes how the bot answers, on every channel.",
        cards: {
          identity: {
            title: "Identity",
            description:
              "Name, avatar, role, gender and a short bio. Pick a ready-made role such as Sales Assistant, Teacher or Technical Expert, or write your own.",
          },
          voice: {
            title: "Voice & tone",
            description:
              "Choose from eight tones, from Friendly to Authoritative, or describe a custom tone in your own words. Add catchphrases customers will remember.",
          },
          greeting: {
            title: "Greeting",
            description:
              "Write the welcome message and introduction that open every conversation, so first impressions are always on-brand.",
          },
          behavior: {
            title: "Behavior",
            description:
              "Set default replies for off-topic questions and add FAQs with exact answers for the things customers ask most.",
          },
          context: {
            title: "Context",
            description:
              "Tell the bot about your business, audience and boundaries: what to recommend, what never to promise and when to hand over to a person.",
          },
          knowledge: {
            title: "Knowledge",
            description:
              "Paste product details, policies and price lists. The bot answers from this knowledge first, in Thai or English.",
          },
          advanced: {
            title: "Advanced prompts",
            description:
              "For power users: add custom instructions that fine-tune reasoning, formatting and style beyond the guided fields.",
          },
          export: {
            title: "Export: JSON, image or PDF",
            description:
              "Download the persona as a versioned JSON file you can import again, or as a persona card in PNG or PDF with Thai text rendered perfectly.",
          },
          marketplace: {
            title: "Share to the marketplace",
            description:
              "Submit your best persona as a template. Once reviewed, other businesses can discover it, clone it and make it their own.",
          },
        },
      },
      spotlight: {
        eyebrow: "Voice & tone",
        title: "Eight tones. One consistent voice.",
        description:
          "Whether you run a playful café or a law firm, pick the tone that fits and the bot keeps it in every reply. Test it instantly in the live preview before you publish.",
        points: [
          "Switch tones and see the difference straight away",
          "Describe a custom tone for anything in between",
          "Try quick test questions taken from your FAQs",
        ],
        visual: {
          kind: "tones",
          toneLabel: "Tone",
          tones: [
            "Friendly",
            "Formal",
            "Fun",
            "Professional",
            "Empathetic",
            "Casual",
            "Authoritative",
            "Supportive",
          ],
          persona: {
            name: "Mali",
            role: "Sales Assistant",
            greeting:
              "Hi there! I'm Mali. Looking for something special today? I'd love to help you find the perfect fit.",
          },
          caption: "The Friendly tone, as your customers see it.",
        },
      },
      cta: {
        title: "Build your first persona in minutes",
        description:
          "Open the persona builder, fill in the tabs and chat with your creation in the live preview. It's free to try.",
        button: "Try Persona Builder Free",
      },
    },
    multiChannel: {
      meta: {
        title: "Multi-channel chatbot for LINE, Messenger, Instagram & TikTok",
        description:
          "Connect one AI chatbot to LINE Official Account, Facebook Messenger, Instagram Direct, TikTok, your website and your tools, and manage every conversation from one inbox.",
      },
      summary: "LINE, Messenger, Instagram, TikTok and your website in one inbox.",
      hero: {
        title: "One chatbot. Every channel your customers use.",
        intro: `Your customers are on LINE, Messenger, Instagram and TikTok. ${brand.name} answers them all with the same persona and knowledge, and brings every conversation into one inbox for your team.`,
        highlights: [
          "LINE, Messenger, Instagram & TikTok",
          "Website widget and API",
          "One inbox with human handoff",
        ],
      },
      grid: {
        title: "Connect wherever the conversation happens",
        intro:
          "Add a channel in a few clicks. The same bot, the same knowledge and the same analytics everywhere.",
        cards: {
          line: {
            title: "LINE Official Account",
            description:
              "Reply on Thailand's favorite messaging app. Signature-verified webhooks and instant replies keep your LINE OA responsive around the clock.",
          },
          messenger: {
            title: "Facebook Messenger",
            description:
              "Turn Page messages into sales. Answer product questions, collect inquiries and follow up, straight from your Facebook Page.",
          },
          instagram: {
            title: "Instagram Direct",
            description:
              "Reply to direct messages in seconds, so shoppers who discover you on Instagram get answers while they're still interested.",
          },
          tiktok: {
            title: "TikTok Messages",
            description:
              "Catch viewers who message you after a video and turn their interest into orders with instant answers.",
          },
          website: {
            title: "Website widget",
            description:
              "Add a chat bubble to any website with one line of code. It matches your brand and works on phones and desktops.",
          },
          spreadsheet: {
            title: "Spreadsheet integration",
            description:
              "Import FAQs from a spreadsheet and export conversations to CSV or Google Sheets for reporting and follow-up.",
          },
          api: {
            title: "API integration",
            description:
              "Connect your app, CRM or back office through a documented REST API, secured with API keys.",
          },
          inbox: {
            title: "All-in-one inbox",
            description:
              "Every chat from every channel in one place, with the customer's history alongside. No more switching between apps.",
          },
          handoff: {
            title: "Human handoff",
            description:
              "Take over any conversation in one click when a customer needs a person, then hand it back to the bot when you're done.",
          },
        },
      },
      steps: {
        title: "Go live in three steps",
        intro: "No developers needed, and no waiting on us.",
        items: [
          {
            title: "Build or pick a persona",
            description:
              "Create your bot in the persona builder or start from a marketplace template.",
          },
          {
            title: "Connect your channels",
            description:
              "Link your LINE OA, Facebook Page, Instagram, TikTok or website with the guided setup.",
          },
          {
            title: "Answer everywhere",
            description:
              "The bot replies on every channel at once while your team watches and steps in from one inbox.",
          },
        ],
      },
      cta: {
        title: "Be there on every channel without hiring more staff",
        description:
          "Starter includes one channel, Pro two, Business four and Enterprise unlimited. Pick the plan that matches your reach.",
        button: "Compare plans",
      },
    },
    dashboard: {
      meta: {
        title: "Intelligence Dashboard: chatbot analytics and forecasts",
        description:
          "Track conversations, monthly users, answered vs unanswered questions, top questions and customer satisfaction, with predictive analytics and CSV export.",
      },
      summary: "Conversations, satisfaction and forecasts on one screen.",
      hero: {
        title: "Know what customers ask, and what they'll ask next",
        intro:
          "The intelligence dashboard turns every conversation into insight: how busy your bot is, what customers want, where answers are missing and how happy people are, plus forecasts that help you plan ahead.",
        highlights: [
          "Always up-to-date conversation metrics",
          "Volume forecasts",
          "CSV export in one click",
        ],
      },
      grid: {
        title: "Insight at a glance, detail when you need it",
        intro: "Every figure comes from real conversations across all your channels.",
        cards: {
          conversations: {
            title: "Conversations",
            description:
              "See total and daily conversations across every channel and spot peaks as they happen.",
          },
          monthlyUsers: {
            title: "Users per month",
            description:
              "Track how many people talk to your bot each month, and how close you are to your plan's allowance.",
          },
          answered: {
            title: "Answered vs unanswered",
            description:
              "Know exactly what share of questions the bot resolved and which it couldn't, so no gap goes unnoticed.",
          },
          topQuestions: {
            title: "Top questions",
            description:
              "Discover what customers ask most, in their own words, and use it to improve products, pages and promotions.",
          },
          satisfaction: {
            title: "Customer satisfaction",
            description:
              "Thumbs-up and thumbs-down feedback from end users becomes a clear satisfaction score for every bot.",
          },
          advanced: {
            title: "Advanced analytics",
            description:
              "Filter by bot, channel and period, compare trends and drill into the conversations behind each number.",
          },
          predictive: {
            title: "Predictive analytics",
            description:
              "Forecast upcoming conversation volume so you can plan staff, stock and campaigns before the rush.",
          },
          improvement: {
            title: "Improvement queue",
            description:
              "Unanswered and poorly rated replies are collected for review. Approve a better answer and the bot learns it.",
          },
          export: {
            title: "Export reports",
            description:
              "Download metrics and conversations as CSV for your own reports, spreadsheets or BI tools.",
          },
        },
      },
      spotlight: {
        eyebrow: "Dashboard preview",
        title: "All your numbers on one screen",
        description:
          "Open the dashboard and see the health of every bot in seconds. Charts update as conversations come in, and you can drill into the chats behind any figure.",
        points: [
          "Breakdowns per bot and per channel",
          "A forecast of next month's conversation volume",
          "Basic analytics on Pro; deep analytics, export and predictive analytics on Business and Enterprise",
        ],
        visual: {
          kind: "metrics",
          label: "Example dashboard",
          title: "Overview · last 30 days",
          exampleData: "Example data",
          stats: [
            { label: "Conversations", value: "12,480", change: "+18%" },
            { label: "Users this month", value: "3,214", change: "+9%" },
            { label: "Answered", value: "94%", change: "+3 pts" },
            { label: "Satisfaction", value: "4.7/5", change: "+0.2" },
          ],
          chartTitle: "Conversations per month",
          months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul"],
          actual: "Actual",
          forecast: "Forecast",
          topQuestionsTitle: "Top questions",
          topQuestions: [
            { question: "Delivery time", count: "1,204" },
            { question: "Sizes in stock", count: "986" },
            { question: "Payment methods", count: "742" },
          ],
        },
      },
      cta: {
        title: "Make decisions from real conversations",
        description:
          "Analytics are included from the Pro plan, with deep analytics, export and predictive analytics on Business and Enterprise.",
        button: "Compare plans",
      },
    },
    marketplace: {
      meta: {
        title: "Persona Marketplace and template library",
        description:
          "Share or sell your chatbot personas, browse ready-made templates for e-commerce, education and solo-preneurs, and clone one to launch your own bot in minutes.",
      },
      summary: "Share, sell and clone ready-made personas.",
      hero: {
        title: "Start from a proven persona, or sell your own",
        intro:
          "The marketplace is where businesses and creators share what works. Browse ready-made personas built for real industries, clone one in a click, or publish your own and let others benefit from your expertise.",
        highlights: [
          "Reviewed, ready-made templates",
          "Clone and customize in one click",
          "Share for free or sell",
        ],
      },
      grid: {
        title: "A library that grows with the community",
        intro:
          "Every listing is a complete persona: identity, tone, greetings, FAQs and knowledge, ready to adapt.",
        cards: {
          share: {
            title: "Share your personas",
            description:
              "Publish a persona you're proud of straight from the builder's Export tab, with credit to you as its creator.",
          },
          sell: {
            title: "Sell your expertise",
            description:
              "Consultants and agencies can package industry know-how as premium personas and earn from the businesses that use them.",
          },
          library: {
            title: "Template library",
            description:
              "Browse personas by industry and use case, and preview their tone, greeting and sample answers before you choose.",
          },
          clone: {
            title: "Clone in one click",
            description:
              "Copy any template into your account, then change the name, knowledge and tone to match your brand. The original stays untouched.",
          },
          reviewed: {
            title: "Reviewed listings",
            description:
              "Every submission is reviewed before it's listed, so the library stays useful, safe and free of spam.",
          },
          portable: {
            title: "Portable personas",
            description:
              "Personas use a versioned JSON format, so anything you build or clone can be exported, backed up and imported again.",
          },
        },
      },
      steps: {
        title: "From idea to listing in three steps",
        intro: "Turn a persona that works for you into a template others can use.",
        items: [
          {
            title: "Build",
            description:
              "Create and test your persona in the persona builder, with the live preview.",
          },
          {
            title: "Submit",
            description:
              "Choose Share to Marketplace in the Export tab and describe what your persona does best.",
          },
          {
            title: "Get discovered",
            description:
              "Once approved, your persona is listed in the library for others to preview and clone.",
          },
        ],
      },
      categories: {
        title: "Popular categories",
        intro: "Start with the templates businesses reach for most.",
        items: {
          ecommerce: {
            title: "E-commerce",
            description:
              "Product advice, stock and size questions, order status and shipping, for online shops and social sellers.",
          },
          education: {
            title: "Education",
            description:
              "Course details, enrollment, class schedules and study support for schools, tutors and online academies.",
          },
          soloPreneur: {
            title: "Solo-Preneur",
            description:
              "A tireless assistant for freelancers, coaches and creators: bookings, pricing questions and capturing leads.",
          },
        },
      },
      cta: {
        title: "Launch faster with a ready-made persona",
        description:
          "Marketplace access is included in every plan (limited on Starter). Choose yours and start cloning.",
        button: "See plans & pricing",
      },
    },
    others: {
      meta: {
        title: "Inbox, human handoff, billing and integrations",
        description: `Smart notifications, an all-in-one chat inbox, human handoff, invoices and billing, integrations and automation, end-user feedback, and consulting from the ${brand.name} team.`,
      },
      summary: "Inbox, handoff, notifications, billing and expert help.",
      hero: {
        title: "Everything around the chatbot, taken care of",
        intro: `A great bot is only part of great service. ${brand.name} includes the tools your team needs to stay on top of conversations, keep customers happy and run the business side smoothly.`,
        highlights: ["Built for teams", "Works with your tools", "Backed by real people"],
      },
      grid: {
        title: "Supportive features",
        intro: "The practical tools that make everyday customer service easier.",
        cards: {
          notifications: {
            title: "Smart notification",
            description:
              "Get alerted when a customer asks for a person, a hot lead appears or a question goes unanswered, not for every single message.",
          },
          inbox: {
            title: "All-in-one chat inbox",
            description:
              "Read and reply to LINE, Messenger, Instagram, TikTok and website chats from one shared inbox.",
          },
          handoff: {
            title: "Human-in-the-loop handoff",
            description:
              "Switch any conversation from bot to human and back. The customer stays in the same chat, with the full history.",
          },
          billing: {
            title: "Invoices and billing",
            description:
              "Manage your plan, download invoices and keep your payment history in one place, in Thai baht.",
          },
          integrations: {
            title: "Integration and automation",
            description:
              "Connect your CRM, spreadsheets and other systems through the API and spreadsheet sync to automate follow-ups and data entry.",
          },
          feedback: {
            title: "End-user feedback",
            description:
              "Customers rate answers with a thumbs up or down. Their feedback feeds your satisfaction score and improvement queue.",
          },
          consulting: {
            title: "Consulting and custom work",
            description:
              "Need something bespoke? Our team helps design personas, connect your systems and build custom solutions for your business.",
          },
        },
      },
      steps: {
        title: "Custom work, step by step",
        intro: "When you need more than the standard setup, our team works alongside yours.",
        items: [
          {
            title: "Discovery call",
            description: "We learn about your goals, your customers and the tools you use today.",
          },
          {
            title: "Solution design",
            description:
              "We propose personas, channels and integrations with a clear scope and quote.",
          },
          {
            title: "Build and integrate",
            description: "We configure, connect and test everything together with your team.",
          },
          {
            title: "Launch and support",
            description: "We go live with you and keep improving from real conversations.",
          },
        ],
      },
      cta: {
        title: "Have a question or a special requirement?",
        description: `Talk to the people behind ${brand.name}. We'll help you find the right setup, or build it with you.`,
        button: "Talk to our team",
      },
    },
  },
} satisfies FeaturePagesText;

export type FeaturePagesMessages = typeof en;

export const th: FeaturePagesMessages = {
  common: {
    heroSecondary: "ดูรายละเอียดฟีเจอร์",
    relatedTitle: "สำรวจฟีเจอร์อื่น ๆ",
    relatedIntro: `ทุกฟีเจอร์ของ ${brand.name} ทำงานร่วมกันอย่างลงตัว: เพอร์โซนาเดียว ตอบได้ทุกช่องทาง และดูผลลัพธ์ได้ในแดชบอร์ดเดียว`,
    step: (n: number) => `ขั้นตอนที่ ${n}`,
  },
  pages: {
    aiChatbot: {
      meta: {
        title: "แชทบอท AI ที่เข้าใจภาษาไทยและลูกค้าของคุณ",
        description: `แชทบอท AI ของ ${brand.name} ตอบลูกค้าได้ทั้งภาษาไทยและอังกฤษตลอด 24 ชั่วโมง เรียนรู้จากฐานความรู้ของคุณ จดจำบทสนทนาที่ผ่านมา และเก่งขึ้นทุกสัปดาห์`,
      },
      summary: "7 ความสามารถ AI ที่เข้าใจภาษาไทยเป็นหลัก",
      hero: {
        title: "แชทบอท AI ที่เข้าใจลูกค้าของคุณจริง ๆ",
        intro: `${brand.name} ผสานโมเดลภาษาสมัยใหม่เข้ากับฐานความรู้ของคุณเอง หน่วยความจำระยะยาว และระบบวิเคราะห์ข้อมูล ลูกค้าทุกคนจึงได้คำตอบที่รวดเร็วและแม่นยำ เป็นภาษาไทยหรืออังกฤษที่เป็นธรรมชาติ ได้ทุกเวลา โดยไม่ต้องเขียนโค้ดสักบรรทัด`,
        highlights: ["เข้าใจภาษาไทยเป็นหลักตั้งแต่แรก", "ตอบจากข้อมูลของคุณเอง", "เก่งขึ้นจากทุกบทสนทนา"],
      },
      grid: {
        title: "7 ความสามารถในแชทบอทเดียว",
        intro:
          "ไม่ใช่บอทที่ตอบตามสคริปต์ตายตัว ทุกความสามารถด้านล่างพร้อมใช้งานทันที และยิ่งเก่งขึ้นเมื่อบอทได้คุยกับลูกค้ามากขึ้น",
        cards: {
          languageModel: {
            title: "แกนหลักโมเดลภาษา",
            description:
              "ขับเคลื่อนด้วยโมเดลภาษาขนาดใหญ่ชั้นนำ หรือเอนจินในตัวที่ไม่ต้องใช้คีย์ API จึงเข้าใจเจตนาของลูกค้า ตามบริบทของคำถามต่อเนื่องได้ และตอบด้วยภาษาที่เป็นธรรมชาติในสไตล์ของแบรนด์คุณ",
          },
          knowledgeBase: {
            title: "ฐานความรู้",
            description:
              "อัปโหลดรายละเอียดสินค้า ตารางราคา นโยบาย และคำถามที่พบบ่อย บอทจะค้นหาข้อมูลที่เกี่ยวข้องที่สุดแล้วตอบจากข้อเท็จจริงของคุณ ไม่ใช่การเดา และบอกตรง ๆ เมื่อไม่รู้คำตอบ",
          },
          longTermMemory: {
            title: "หน่วยความจำระยะยาว",
            description:
              "จดจำชื่อ ความชอบ และคำสั่งซื้อก่อนหน้าได้ข้ามบทสนทนา ลูกค้าประจำจึงไม่ต้องเล่าเรื่องเดิมซ้ำอีก",
          },
          imageRecognition: {
            title: "การจดจำรูปภาพ",
            description:
              "ลูกค้าส่งรูปสินค้า สลิปโอนเงิน หรือรูปปัญหาที่เจอมาได้เลย โมเดลที่รองรับการอ่านภาพจะเข้าใจรูปและตอบกลับได้ตรงประเด็น",
          },
          predictive: {
            title: "การวิเคราะห์เชิงคาดการณ์",
            description:
              "ค้นหารูปแบบของปริมาณแชทและคำถามที่ถูกถามซ้ำ ช่วยให้คุณคาดการณ์ช่วงที่ลูกค้าทักเข้ามามาก และเตรียมคำตอบไว้ก่อนลูกค้าถาม",
          },
          advancedAnalytics: {
            title: "การวิเคราะห์ขั้นสูง",
            description:
              "ดูว่าคำถามไหนถูกถามบ่อยที่สุด คำถามไหนบอทยังตอบไม่ได้ และลูกค้าพึงพอใจแค่ไหน ครบจบในแดชบอร์ดเดียว",
          },
          selfImprovement: {
            title: "พัฒนาตัวเองอย่างต่อเนื่อง",
            description:
              "คำถามที่บอทตอบไม่ได้และคำตอบที่ถูกกดไม่ถูกใจจะเข้าคิวให้ตรวจทาน อนุมัติคำตอบที่ดีกว่าเพียงครั้งเดียว บอทก็จะใช้คำตอบนั้นต่อไปทุกครั้ง",
          },
        },
      },
      spotlight: {
        eyebrow: "เข้าใจภาษาไทยเป็นหลัก",
        title: "สร้างมาเพื่อวิธีพิมพ์แชทของคนไทยจริง ๆ",
        description: `ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ และแชทจริงมักมีทั้งไทย อังกฤษ คำแสลง และอีโมจิปนกันในประโยคเดียว ${brand.name} ตัดคำภาษาไทยอย่างถูกต้องก่อนค้นหาในฐานความรู้ คำตอบจึงแม่นยำแม้ในจุดที่แชทบอททั่วไปมักพลาด`,
        points: [
          "ตัดคำภาษาไทยได้แม่นยำ ทั้งตอนค้นหาและตอนตอบ",
          "เข้าใจข้อความที่พิมพ์ไทยปนอังกฤษได้ในครั้งเดียว",
          "ใช้คำลงท้าย ค่ะ / ครับ ให้เข้ากับน้ำเสียงของแบรนด์",
          "ตอบกลับเป็นภาษาเดียวกับที่ลูกค้าใช้โดยอัตโนมัติ",
        ],
        visual: {
          kind: "chat",
          label: "ตัวอย่างบทสนทนา",
          botName: "มะลิ",
          status: "ออนไลน์",
          messagesLang: "th",
          messages: thaiDemoChat,
          caption:
            "ตัวอย่าง: ลูกค้าถามเรื่องสต็อกและการจัดส่งโดยพิมพ์ไทยปนอังกฤษ บอทตอบจากข้อมูลสินค้าและนโยบายการจัดส่งของร้านเอง",
        },
      },
      cta: {
        title: "ให้ลูกค้าทุกคนได้คำตอบที่ถูกต้องในทันที",
        description: "เริ่มต้นด้วยการทดลองใช้ฟรี 7 วัน แล้วให้บอทตัวแรกของคุณเริ่มตอบลูกค้าได้ตั้งแต่วันนี้ ไม่ต้องเขียนโค้ด",
        button: "ดูแพ็กเกจและราคา",
      },
    },
    personaBuilder: {
      meta: {
        title: "ตัวสร้างเพอร์โซนา: ออกแบบบุคลิกแชทบอทของคุณ",
        description:
          "ตั้งชื่อ กำหนดน้ำเสียง และเป้าหมายให้แชทบอทของคุณ เลือกได้ 8 โทนการสื่อสาร ตั้งค่าคำทักทาย พฤติกรรม และฐานความรู้ จากนั้นส่งออกเป็น JSON รูปภาพ หรือ PDF หรือแชร์สู่มาร์เก็ตเพลส",
      },
      summary: "ออกแบบตัวตน น้ำเสียง และความรู้ของบอท ผ่าน 8 แท็บที่ใช้งานง่าย",
      hero: {
        title: "ออกแบบบุคลิกแชทบอทที่ลูกค้าต้องหลงรัก",
        intro:
          "ตัวสร้างเพอร์โซนาเปลี่ยนตัวตนของแบรนด์ให้กลายเป็นบอท ตั้งแต่บอทเป็นใคร พูดจาอย่างไร รู้อะไรบ้าง ไปจนถึงวางตัวอย่างไร ผ่าน 8 แท็บที่แนะนำทีละขั้น พร้อมดูตัวอย่างแบบสดระหว่างพิมพ์ และไม่ต้องเขียนโค้ดเลย",
        highlights: ["8 แท็บแนะนำทีละขั้น", "ดูตัวอย่างสดระหว่างสร้าง", "ส่งออกหรือแชร์ได้ในคลิกเดียว"],
      },
      grid: {
        title: "ทุกองค์ประกอบที่ทำให้บอทมีชีวิตชีวาเหมือนคนจริง",
        intro: "กรอกแต่ละแท็บได้ตามจังหวะของคุณ ทุกช่องที่กรอกมีผลต่อวิธีที่บอทตอบลูกค้าในทุกช่องทาง",
        cards: {
          identity: {
            title: "ตัวตน",
            description:
              "ชื่อ อวตาร บทบาท เพศ และประวัติย่อ เลือกบทบาทสำเร็จรูปอย่างผู้ช่วยฝ่ายขาย ครู หรือผู้เชี่ยวชาญด้านเทคนิค หรือกำหนดเองก็ได้",
          },
          voice: {
            title: "น้ำเสียงและโทน",
            description:
              "เลือกได้ 8 โทน ตั้งแต่เป็นกันเองไปจนถึงหนักแน่นน่าเชื่อถือ หรืออธิบายโทนที่ต้องการด้วยคำพูดของคุณเอง พร้อมเพิ่มวลีติดปากที่ลูกค้าจดจำได้",
          },
          greeting: {
            title: "คำทักทาย",
            description:
              "เขียนข้อความต้อนรับและคำแนะนำตัวที่ใช้เปิดทุกบทสนทนา ให้ความประทับใจแรกตรงกับแบรนด์เสมอ",
          },
          behavior: {
            title: "พฤติกรรม",
            description:
              "กำหนดคำตอบเริ่มต้นสำหรับคำถามนอกเรื่อง และเพิ่มคำถามที่พบบ่อยพร้อมคำตอบที่ชัดเจน สำหรับเรื่องที่ลูกค้าถามบ่อยที่สุด",
          },
          context: {
            title: "บริบท",
            description:
              "เล่าให้บอทรู้จักธุรกิจ กลุ่มลูกค้า และขอบเขตของคุณ ว่าควรแนะนำอะไร ห้ามสัญญาอะไร และเมื่อไรควรส่งต่อให้เจ้าหน้าที่",
          },
          knowledge: {
            title: "ฐานความรู้",
            description:
              "ใส่รายละเอียดสินค้า นโยบาย และตารางราคา บอทจะยึดข้อมูลนี้เป็นหลักในการตอบ ทั้งภาษาไทยและอังกฤษ",
          },
          advanced: {
            title: "พรอมต์ขั้นสูง",
            description:
              "สำหรับผู้ใช้ขั้นสูง เพิ่มคำสั่งเฉพาะเพื่อปรับวิธีคิด รูปแบบคำตอบ และสไตล์ได้ละเอียดกว่าช่องกรอกปกติ",
          },
          export: {
            title: "ส่งออกเป็น JSON รูปภาพ หรือ PDF",
            description:
              "ดาวน์โหลดเพอร์โซนาเป็นไฟล์ JSON ที่นำเข้ากลับมาใช้ได้อีก หรือเป็นการ์ดบุคลิกแบบ PNG และ PDF ที่แสดงภาษาไทยได้สมบูรณ์",
          },
          marketplace: {
            title: "แชร์สู่มาร์เก็ตเพลส",
            description:
              "ส่งเพอร์โซนาที่ดีที่สุดของคุณขึ้นมาร์เก็ตเพลส เมื่อผ่านการตรวจสอบแล้ว ธุรกิจอื่นจะค้นพบ คัดลอก และนำไปปรับใช้เป็นของตัวเองได้",
          },
        },
      },
      spotlight: {
        eyebrow: "น้ำเสียงและโทน",
        title: "8 โทนให้เลือก น้ำเสียงเดียวที่สม่ำเสมอ",
        description:
          "ไม่ว่าจะเป็นคาเฟ่สุดชิลหรือสำนักงานกฎหมาย เลือกโทนที่ใช่ แล้วบอทจะรักษาน้ำเสียงนั้นในทุกคำตอบ ทดสอบได้ทันทีในหน้าตัวอย่างสดก่อนเปิดใช้งานจริง",
        points: [
          "สลับโทนแล้วเห็นความแตกต่างได้ทันที",
          "กำหนดโทนเองได้ หากต้องการสไตล์เฉพาะตัว",
          "ทดสอบด้วยคำถามด่วนที่ดึงมาจากคำถามที่พบบ่อยของคุณ",
        ],
        visual: {
          kind: "tones",
          toneLabel: "โทน",
          tones: [
            "เป็นกันเอง",
            "ทางการ",
            "สนุกสนาน",
            "มืออาชีพ",
            "เห็นอกเห็นใจ",
            "สบาย ๆ",
            "หนักแน่นน่าเชื่อถือ",
            "คอยให้กำลังใจ",
          ],
          persona: {
            name: "มะลิ",
            role: "ผู้ช่วยฝ่ายขาย",
            greeting: "สวัสดีค่ะ มะลิเองนะคะ วันนี้กำลังมองหาอะไรอยู่หรือเปล่าคะ ให้มะลิช่วยเลือกได้เลยค่ะ",
          },
          caption: "โทนเป็นกันเอง ในแบบที่ลูกค้าของคุณจะเห็น",
        },
      },
      cta: {
        title: "สร้างเพอร์โซนาตัวแรกได้ในไม่กี่นาที",
        description:
          "เปิดตัวสร้างเพอร์โซนา กรอกข้อมูลในแต่ละแท็บ แล้วลองคุยกับบอทของคุณในหน้าตัวอย่างสดได้ทันที ทดลองใช้ฟรี",
        button: "ลองสร้างเพอร์โซนาฟรี",
      },
    },
    multiChannel: {
      meta: {
        title: "แชทบอท AI หลายช่องทาง: LINE, Messenger, Instagram และ TikTok",
        description:
          "เชื่อมแชทบอท AI ตัวเดียวเข้ากับ LINE Official Account, Facebook Messenger, Instagram Direct, TikTok เว็บไซต์ และเครื่องมือของคุณ แล้วจัดการทุกบทสนทนาได้จากกล่องข้อความเดียว",
      },
      summary: "LINE, Messenger, Instagram, TikTok และเว็บไซต์ ในกล่องข้อความเดียว",
      hero: {
        title: "แชทบอทเดียว ครบทุกช่องทางที่ลูกค้าใช้",
        intro: `ลูกค้าของคุณอยู่ทั้งบน LINE, Messenger, Instagram และ TikTok ${brand.name} ตอบลูกค้าได้ทุกช่องทางด้วยบุคลิกและฐานความรู้ชุดเดียวกัน พร้อมรวมทุกบทสนทนาไว้ในกล่องข้อความเดียวให้ทีมของคุณ`,
        highlights: [
          "LINE, Messenger, Instagram และ TikTok",
          "วิดเจ็ตบนเว็บไซต์และ API",
          "กล่องข้อความเดียว พร้อมส่งต่อให้เจ้าหน้าที่",
        ],
      },
      grid: {
        title: "เชื่อมต่อทุกที่ที่ลูกค้าทักมา",
        intro: "เพิ่มช่องทางได้ในไม่กี่คลิก ใช้บอท ฐานความรู้ และระบบวิเคราะห์ชุดเดียวกันในทุกช่องทาง",
        cards: {
          line: {
            title: "LINE Official Account",
            description:
              "ตอบลูกค้าบนแอปแชทที่คนไทยใช้มากที่สุด ด้วยเว็บฮุกที่ตรวจสอบลายเซ็นอย่างปลอดภัยและการตอบกลับทันที LINE OA ของคุณจึงพร้อมตอบตลอด 24 ชั่วโมง",
          },
          messenger: {
            title: "Facebook Messenger",
            description:
              "เปลี่ยนข้อความในเพจให้เป็นยอดขาย ตอบคำถามเรื่องสินค้า รับเรื่องสอบถาม และติดตามลูกค้าได้โดยตรงจากเพจ Facebook ของคุณ",
          },
          instagram: {
            title: "Instagram Direct",
            description:
              "ตอบข้อความส่วนตัวได้ในไม่กี่วินาที ลูกค้าที่เจอคุณบน Instagram จะได้คำตอบในจังหวะที่ยังสนใจอยู่",
          },
          tiktok: {
            title: "ข้อความ TikTok",
            description: "ไม่พลาดผู้ชมที่ทักมาหลังดูคลิป เปลี่ยนความสนใจให้กลายเป็นคำสั่งซื้อด้วยคำตอบที่รวดเร็ว",
          },
          website: {
            title: "วิดเจ็ตบนเว็บไซต์",
            description:
              "เพิ่มปุ่มแชทบนเว็บไซต์ใดก็ได้ด้วยโค้ดเพียงบรรทัดเดียว ปรับให้เข้ากับแบรนด์ และใช้งานได้ทั้งบนมือถือและคอมพิวเตอร์",
          },
          spreadsheet: {
            title: "เชื่อมต่อสเปรดชีต",
            description:
              "นำเข้าคำถามที่พบบ่อยจากสเปรดชีต และส่งออกบทสนทนาเป็น CSV หรือ Google Sheets เพื่อทำรายงานและติดตามลูกค้าต่อ",
          },
          api: {
            title: "เชื่อมต่อผ่าน API",
            description:
              "เชื่อมต่อแอป ระบบ CRM หรือระบบหลังบ้านของคุณผ่าน API ที่มีเอกสารประกอบครบถ้วน ปลอดภัยด้วยคีย์ API",
          },
          inbox: {
            title: "กล่องข้อความรวมทุกช่องทาง",
            description:
              "ทุกแชทจากทุกช่องทางรวมไว้ในที่เดียว พร้อมประวัติของลูกค้าแสดงอยู่ข้าง ๆ ไม่ต้องสลับแอปไปมาอีกต่อไป",
          },
          handoff: {
            title: "ส่งต่อให้เจ้าหน้าที่",
            description: "รับช่วงบทสนทนาต่อได้ในคลิกเดียวเมื่อลูกค้าต้องการคุยกับคน และส่งคืนให้บอทดูแลต่อเมื่อเสร็จแล้ว",
          },
        },
      },
      steps: {
        title: "เปิดใช้งานได้ใน 3 ขั้นตอน",
        intro: "ไม่ต้องพึ่งนักพัฒนา และไม่ต้องรอคิวจากเรา",
        items: [
          {
            title: "สร้างหรือเลือกเพอร์โซนา",
            description: "สร้างบอทของคุณด้วยตัวสร้างเพอร์โซนา หรือเริ่มจากเทมเพลตในมาร์เก็ตเพลส",
          },
          {
            title: "เชื่อมต่อช่องทาง",
            description:
              "เชื่อม LINE OA, เพจ Facebook, Instagram, TikTok หรือเว็บไซต์ของคุณ ตามขั้นตอนที่แนะนำไว้ให้",
          },
          {
            title: "ตอบลูกค้าได้ทุกที่",
            description: "บอทตอบลูกค้าได้พร้อมกันทุกช่องทาง ส่วนทีมของคุณติดตามและเข้ามาช่วยได้จากกล่องข้อความเดียว",
          },
        ],
      },
      cta: {
        title: "ดูแลลูกค้าได้ครบทุกช่องทาง โดยไม่ต้องเพิ่มพนักงาน",
        description:
          "แพ็กเกจ เริ่มต้น ใช้ได้ 1 ช่องทาง โปร 2 ช่องทาง ธุรกิจ 4 ช่องทาง และ องค์กร ไม่จำกัด เลือกแพ็กเกจที่เหมาะกับธุรกิจของคุณ",
        button: "เปรียบเทียบแพ็กเกจ",
      },
    },
    dashboard: {
      meta: {
        title: "แดชบอร์ดอัจฉริยะ: วิเคราะห์และคาดการณ์ข้อมูลแชทบอท",
        description:
          "ติดตามจำนวนบทสนทนา ผู้ใช้รายเดือน คำถามที่ตอบได้และตอบไม่ได้ คำถามยอดนิยม และความพึงพอใจของลูกค้า พร้อมการวิเคราะห์เชิงคาดการณ์และส่งออกเป็น CSV",
      },
      summary: "บทสนทนา ความพึงพอใจ และการคาดการณ์ ในหน้าจอเดียว",
      hero: {
        title: "รู้ว่าลูกค้าถามอะไร และกำลังจะถามอะไรต่อไป",
        intro:
          "แดชบอร์ดอัจฉริยะเปลี่ยนทุกบทสนทนาให้เป็นข้อมูลเชิงลึก ทั้งปริมาณงานของบอท สิ่งที่ลูกค้าต้องการ คำถามที่ยังไม่มีคำตอบ และระดับความพึงพอใจ พร้อมการคาดการณ์ที่ช่วยให้คุณวางแผนล่วงหน้าได้",
        highlights: ["ตัวชี้วัดบทสนทนาที่อัปเดตอยู่เสมอ", "คาดการณ์ปริมาณแชทล่วงหน้า", "ส่งออก CSV ได้ในคลิกเดียว"],
      },
      grid: {
        title: "เห็นภาพรวมในพริบตา เจาะลึกได้เมื่อต้องการ",
        intro: "ทุกตัวเลขคำนวณจากบทสนทนาจริงในทุกช่องทางของคุณ",
        cards: {
          conversations: {
            title: "จำนวนบทสนทนา",
            description: "ดูจำนวนบทสนทนาทั้งหมดและรายวันจากทุกช่องทาง พร้อมเห็นช่วงพีคได้ทันทีที่เกิดขึ้น",
          },
          monthlyUsers: {
            title: "ผู้ใช้ต่อเดือน",
            description: "ติดตามจำนวนผู้ใช้ที่คุยกับบอทในแต่ละเดือน และดูว่าใกล้ถึงโควตาของแพ็กเกจแล้วหรือยัง",
          },
          answered: {
            title: "คำถามที่ตอบได้และตอบไม่ได้",
            description: "รู้สัดส่วนคำถามที่บอทตอบได้และตอบไม่ได้อย่างชัดเจน ไม่มีช่องโหว่ไหนถูกมองข้าม",
          },
          topQuestions: {
            title: "คำถามยอดนิยม",
            description:
              "รู้ว่าลูกค้าถามอะไรบ่อยที่สุดด้วยถ้อยคำของลูกค้าเอง แล้วนำไปปรับปรุงสินค้า หน้าเว็บ และโปรโมชัน",
          },
          satisfaction: {
            title: "ความพึงพอใจของลูกค้า",
            description:
              "ผลตอบรับแบบกดถูกใจหรือไม่ถูกใจจากลูกค้า ถูกสรุปเป็นคะแนนความพึงพอใจที่ชัดเจนของบอทแต่ละตัว",
          },
          advanced: {
            title: "การวิเคราะห์ขั้นสูง",
            description:
              "กรองตามบอท ช่องทาง และช่วงเวลา เปรียบเทียบแนวโน้ม และเจาะดูบทสนทนาเบื้องหลังตัวเลขแต่ละตัว",
          },
          predictive: {
            title: "การวิเคราะห์เชิงคาดการณ์",
            description:
              "คาดการณ์ปริมาณบทสนทนาที่กำลังจะมาถึง เพื่อวางแผนกำลังคน สต็อกสินค้า และแคมเปญได้ก่อนช่วงยุ่ง",
          },
          improvement: {
            title: "คิวปรับปรุงคำตอบ",
            description:
              "คำถามที่ตอบไม่ได้และคำตอบที่ได้คะแนนต่ำจะถูกรวบรวมไว้ให้ตรวจทาน อนุมัติคำตอบที่ดีกว่า แล้วบอทจะนำไปใช้ทันที",
          },
          export: {
            title: "ส่งออกรายงาน",
            description:
              "ดาวน์โหลดตัวชี้วัดและบทสนทนาเป็นไฟล์ CSV เพื่อใช้ในรายงาน สเปรดชีต หรือเครื่องมือวิเคราะห์ของคุณเอง",
          },
        },
      },
      spotlight: {
        eyebrow: "ตัวอย่างแดชบอร์ด",
        title: "ทุกตัวเลขสำคัญในหน้าจอเดียว",
        description:
          "เปิดแดชบอร์ดแล้วรู้สถานะของบอททุกตัวได้ในไม่กี่วินาที กราฟอัปเดตตามบทสนทนาที่เข้ามา และเจาะดูแชทเบื้องหลังตัวเลขใดก็ได้",
        points: [
          "แยกข้อมูลตามบอทและตามช่องทาง",
          "คาดการณ์ปริมาณบทสนทนาของเดือนถัดไป",
          "แพ็กเกจ โปร มีการวิเคราะห์พื้นฐาน ส่วน ธุรกิจ และ องค์กร มีการวิเคราะห์เชิงลึก การส่งออก และการวิเคราะห์เชิงคาดการณ์",
        ],
        visual: {
          kind: "metrics",
          label: "ตัวอย่างแดชบอร์ด",
          title: "ภาพรวม · 30 วันล่าสุด",
          exampleData: "ข้อมูลตัวอย่าง",
          stats: [
            { label: "บทสนทนา", value: "12,480", change: "+18%" },
            { label: "ผู้ใช้เดือนนี้", value: "3,214", change: "+9%" },
            { label: "ตอบได้", value: "94%", change: "+3 จุด" },
            { label: "ความพึงพอใจ", value: "4.7/5", change: "+0.2" },
          ],
          chartTitle: "บทสนทนารายเดือน",
          months: ["ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค."],
          actual: "ข้อมูลจริง",
          forecast: "คาดการณ์",
          topQuestionsTitle: "คำถามยอดนิยม",
          topQuestions: [
            { question: "ระยะเวลาจัดส่ง", count: "1,204" },
            { question: "ไซซ์ที่มีในสต็อก", count: "986" },
            { question: "ช่องทางชำระเงิน", count: "742" },
          ],
        },
      },
      cta: {
        title: "ตัดสินใจจากบทสนทนาจริงของลูกค้า",
        description:
          "ระบบวิเคราะห์เริ่มตั้งแต่แพ็กเกจ โปร ส่วนการวิเคราะห์เชิงลึก การส่งออก และการวิเคราะห์เชิงคาดการณ์มีในแพ็กเกจ ธุรกิจ และ องค์กร",
        button: "เปรียบเทียบแพ็กเกจ",
      },
    },
    marketplace: {
      meta: {
        title: "มาร์เก็ตเพลสเพอร์โซนาและคลังเทมเพลต",
        description:
          "แชร์หรือขายเพอร์โซนาของคุณ เลือกดูเทมเพลตสำเร็จรูปสำหรับอีคอมเมิร์ซ การศึกษา และผู้ประกอบการเดี่ยว แล้วคัดลอกไปเปิดใช้บอทของคุณเองได้ในไม่กี่นาที",
      },
      summary: "แชร์ ขาย และคัดลอกเพอร์โซนาสำเร็จรูป",
      hero: {
        title: "เริ่มจากเพอร์โซนาที่พิสูจน์แล้ว หรือขายเพอร์โซนาของคุณเอง",
        intro:
          "มาร์เก็ตเพลสคือพื้นที่ที่ธุรกิจและครีเอเตอร์แบ่งปันสิ่งที่ได้ผลจริง เลือกดูเพอร์โซนาสำเร็จรูปที่ออกแบบมาสำหรับแต่ละอุตสาหกรรม คัดลอกไปใช้ได้ในคลิกเดียว หรือเผยแพร่ผลงานของคุณเพื่อให้คนอื่นได้ประโยชน์จากความเชี่ยวชาญของคุณ",
        highlights: ["เทมเพลตสำเร็จรูปที่ผ่านการตรวจสอบ", "คัดลอกและปรับแต่งได้ในคลิกเดียว", "แชร์ฟรีหรือขายก็ได้"],
      },
      grid: {
        title: "คลังเทมเพลตที่เติบโตไปพร้อมกับชุมชน",
        intro: "ทุกรายการคือเพอร์โซนาที่ครบถ้วน ทั้งตัวตน โทน คำทักทาย คำถามที่พบบ่อย และฐานความรู้ พร้อมนำไปปรับใช้",
        cards: {
          share: {
            title: "แชร์เพอร์โซนาของคุณ",
            description:
              "เผยแพร่เพอร์โซนาที่คุณภูมิใจได้โดยตรงจากแท็บส่งออกในตัวสร้างเพอร์โซนา พร้อมให้เครดิตคุณในฐานะผู้สร้าง",
          },
          sell: {
            title: "ขายความเชี่ยวชาญของคุณ",
            description:
              "ที่ปรึกษาและเอเจนซีสามารถแปลงความรู้เฉพาะทางเป็นเพอร์โซนาระดับพรีเมียม และสร้างรายได้จากธุรกิจที่นำไปใช้",
          },
          library: {
            title: "คลังเทมเพลต",
            description:
              "เลือกดูเพอร์โซนาตามอุตสาหกรรมและรูปแบบการใช้งาน พร้อมดูตัวอย่างโทน คำทักทาย และคำตอบก่อนตัดสินใจ",
          },
          clone: {
            title: "คัดลอกได้ในคลิกเดียว",
            description:
              "คัดลอกเทมเพลตใดก็ได้เข้าบัญชีของคุณ แล้วปรับชื่อ ฐานความรู้ และโทนให้เข้ากับแบรนด์ โดยต้นฉบับไม่เปลี่ยนแปลง",
          },
          reviewed: {
            title: "ทุกรายการผ่านการตรวจสอบ",
            description:
              "ทุกเทมเพลตที่ส่งเข้ามาจะได้รับการตรวจสอบก่อนเผยแพร่ คลังเทมเพลตจึงมีคุณภาพ ปลอดภัย และไม่มีสแปม",
          },
          portable: {
            title: "นำไปใช้ต่อได้เสมอ",
            description:
              "เพอร์โซนาใช้ไฟล์ JSON ที่ระบุเวอร์ชัน ทุกอย่างที่คุณสร้างหรือคัดลอกมาจึงส่งออก สำรองไว้ และนำเข้ากลับมาใช้ได้ทุกเมื่อ",
          },
        },
      },
      steps: {
        title: "จากไอเดียสู่มาร์เก็ตเพลสใน 3 ขั้นตอน",
        intro: "เปลี่ยนเพอร์โซนาที่ได้ผลกับธุรกิจของคุณ ให้เป็นเทมเพลตที่คนอื่นนำไปใช้ได้",
        items: [
          {
            title: "สร้าง",
            description: "สร้างและทดสอบเพอร์โซนาในตัวสร้างเพอร์โซนา พร้อมดูตัวอย่างแบบสด",
          },
          {
            title: "ส่งเข้าตลาด",
            description: "เลือกแชร์สู่มาร์เก็ตเพลสในแท็บส่งออก แล้วอธิบายจุดเด่นของเพอร์โซนาของคุณ",
          },
          {
            title: "ให้คนอื่นค้นพบ",
            description: "เมื่อได้รับอนุมัติ เพอร์โซนาของคุณจะแสดงในคลังเทมเพลต ให้ผู้อื่นดูตัวอย่างและคัดลอกไปใช้",
          },
        ],
      },
      categories: {
        title: "หมวดหมู่ยอดนิยม",
        intro: "เริ่มต้นจากเทมเพลตที่ธุรกิจเลือกใช้มากที่สุด",
        items: {
          ecommerce: {
            title: "อีคอมเมิร์ซ",
            description:
              "แนะนำสินค้า ตอบเรื่องสต็อกและไซซ์ เช็กสถานะคำสั่งซื้อและการจัดส่ง สำหรับร้านค้าออนไลน์และแม่ค้าโซเชียล",
          },
          education: {
            title: "การศึกษา",
            description:
              "ข้อมูลหลักสูตร การสมัครเรียน ตารางเรียน และการช่วยเหลือด้านการเรียน สำหรับโรงเรียน ติวเตอร์ และสถาบันออนไลน์",
          },
          soloPreneur: {
            title: "ผู้ประกอบการเดี่ยว",
            description:
              "ผู้ช่วยที่ไม่รู้จักเหนื่อยสำหรับฟรีแลนซ์ โค้ช และครีเอเตอร์ ทั้งรับนัดหมาย ตอบคำถามเรื่องราคา และเก็บข้อมูลลูกค้าที่สนใจ",
          },
        },
      },
      cta: {
        title: "เปิดตัวบอทได้เร็วขึ้นด้วยเพอร์โซนาสำเร็จรูป",
        description:
          "ทุกแพ็กเกจใช้งานมาร์เก็ตเพลสได้ (แพ็กเกจ เริ่มต้น ใช้ได้แบบจำกัด) เลือกแพ็กเกจของคุณแล้วเริ่มคัดลอกเทมเพลตได้เลย",
        button: "ดูแพ็กเกจและราคา",
      },
    },
    others: {
      meta: {
        title: "กล่องข้อความรวม ส่งต่อเจ้าหน้าที่ การชำระเงิน และการเชื่อมต่อ",
        description: `การแจ้งเตือนอัจฉริยะ กล่องแชทรวมทุกช่องทาง การส่งต่อให้เจ้าหน้าที่ ใบแจ้งหนี้และการชำระเงิน การเชื่อมต่อและระบบอัตโนมัติ ผลตอบรับจากผู้ใช้ และบริการที่ปรึกษาจากทีม ${brand.name}`,
      },
      summary: "กล่องข้อความรวม ส่งต่อเจ้าหน้าที่ การแจ้งเตือน การชำระเงิน และทีมผู้เชี่ยวชาญ",
      hero: {
        title: "ทุกอย่างรอบตัวแชทบอท เราดูแลให้ครบ",
        intro: `แชทบอทที่ดีเป็นเพียงส่วนหนึ่งของการบริการที่ยอดเยี่ยม ${brand.name} จึงมาพร้อมเครื่องมือที่ทีมของคุณต้องใช้ ทั้งติดตามบทสนทนา ดูแลลูกค้าให้ประทับใจ และจัดการงานหลังบ้านได้อย่างราบรื่น`,
        highlights: [
          "ออกแบบมาเพื่อการทำงานเป็นทีม",
          "ทำงานร่วมกับเครื่องมือที่คุณใช้อยู่",
          "มีทีมงานตัวจริงคอยช่วยเหลือ",
        ],
      },
      grid: {
        title: "ฟีเจอร์สนับสนุน",
        intro: "เครื่องมือที่ใช้งานได้จริง ช่วยให้งานบริการลูกค้าในแต่ละวันง่ายขึ้น",
        cards: {
          notifications: {
            title: "การแจ้งเตือนอัจฉริยะ",
            description:
              "รับการแจ้งเตือนเมื่อลูกค้าขอคุยกับเจ้าหน้าที่ มีลูกค้าที่พร้อมซื้อ หรือมีคำถามที่บอทตอบไม่ได้ โดยไม่ถูกรบกวนทุกข้อความ",
          },
          inbox: {
            title: "กล่องแชทรวมทุกช่องทาง",
            description:
              "อ่านและตอบแชทจาก LINE, Messenger, Instagram, TikTok และเว็บไซต์ ได้จากกล่องข้อความเดียวที่ทั้งทีมใช้ร่วมกัน",
          },
          handoff: {
            title: "ส่งต่อให้เจ้าหน้าที่",
            description:
              "สลับบทสนทนาจากบอทไปเป็นเจ้าหน้าที่และสลับกลับได้ทุกเมื่อ ลูกค้ายังคุยอยู่ในแชทเดิมพร้อมประวัติครบถ้วน",
          },
          billing: {
            title: "ใบแจ้งหนี้และการชำระเงิน",
            description: "จัดการแพ็กเกจ ดาวน์โหลดใบแจ้งหนี้ และดูประวัติการชำระเงินได้ในที่เดียว เป็นสกุลเงินบาท",
          },
          integrations: {
            title: "การเชื่อมต่อและระบบอัตโนมัติ",
            description:
              "เชื่อมต่อระบบ CRM สเปรดชีต และระบบอื่น ๆ ผ่าน API และการซิงก์สเปรดชีต เพื่อให้การติดตามลูกค้าและการบันทึกข้อมูลเป็นไปโดยอัตโนมัติ",
          },
          feedback: {
            title: "ผลตอบรับจากผู้ใช้",
            description:
              "ลูกค้าให้คะแนนคำตอบได้ด้วยการกดถูกใจหรือไม่ถูกใจ ผลตอบรับจะนำไปคำนวณคะแนนความพึงพอใจและเข้าสู่คิวปรับปรุงคำตอบ",
          },
          consulting: {
            title: "บริการที่ปรึกษาและงานพัฒนาเฉพาะ",
            description:
              "ต้องการโซลูชันเฉพาะทาง? ทีมของเราช่วยออกแบบเพอร์โซนา เชื่อมต่อระบบของคุณ และพัฒนาโซลูชันที่ตอบโจทย์ธุรกิจของคุณโดยเฉพาะ",
          },
        },
      },
      steps: {
        title: "งานพัฒนาเฉพาะ ทีละขั้นตอน",
        intro: "เมื่อคุณต้องการมากกว่าการตั้งค่ามาตรฐาน ทีมของเราพร้อมทำงานเคียงข้างทีมของคุณ",
        items: [
          {
            title: "พูดคุยทำความเข้าใจ",
            description: "เราเรียนรู้เป้าหมาย ลูกค้า และเครื่องมือที่คุณใช้อยู่ในปัจจุบัน",
          },
          {
            title: "ออกแบบโซลูชัน",
            description: "เราเสนอเพอร์โซนา ช่องทาง และการเชื่อมต่อ พร้อมขอบเขตงานและใบเสนอราคาที่ชัดเจน",
          },
          {
            title: "พัฒนาและเชื่อมต่อระบบ",
            description: "เราตั้งค่า เชื่อมต่อ และทดสอบทุกอย่างร่วมกับทีมของคุณ",
          },
          {
            title: "เปิดใช้งานและดูแลต่อเนื่อง",
            description: "เราเปิดใช้งานไปพร้อมกับคุณ และปรับปรุงต่อเนื่องจากบทสนทนาจริง",
          },
        ],
      },
      cta: {
        title: "มีคำถามหรือความต้องการเฉพาะใช่ไหม?",
        description: `คุยกับทีมงานเบื้องหลัง ${brand.name} เราพร้อมช่วยคุณหาการตั้งค่าที่เหมาะสม หรือร่วมสร้างไปด้วยกัน`,
        button: "คุยกับทีมของเรา",
      },
    },
  },
};

export const featurePagesMessages: Bilingual<FeaturePagesMessages> = { en, th };
