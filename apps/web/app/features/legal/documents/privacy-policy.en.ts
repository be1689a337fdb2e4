import { brand } from "@jai/contracts";
import type { LegalDocument } from "./types";

const { name, contactEmail, lineId } = brand;

export const privacyPolicyEn: LegalDocument = {
  title: "Privacy Policy",
  summary: `This Privacy Policy explains how ${name} collects, uses, discloses and protects personal data when you visit our website, create an account or chat with a bot built on ${name}, in line with Thailand's Personal Data Protection Act B.E. 2562 (2019) (the “PDPA”).`,
  sections: [
    {
      heading: "Who we are and our role",
      blocks: [
        `${name} (“${name}”, “we”, “us”) provides a no-code platform that lets businesses and creators build AI chatbots and connect them to channels such as LINE Official Account, Facebook Messenger, Instagram Direct, TikTok messages, a website widget and an API (the “Service”).`,
        `For the personal data of visitors to our website, of people who contact us and of account holders, ${name} is the data controller under the PDPA.`,
        `When a business or creator (a “bot owner”) uses ${name} to talk with its own customers (“end users”), the bot owner is the data controller of those conversations and ${name} processes them on the bot owner's behalf as a data processor (Section 40 of the PDPA). If you chatted with a bot, the business behind it is responsible for that data: please read its privacy notice and send your requests to it first. We will help it answer them.`,
        `You can reach us about personal data at ${contactEmail}, on LINE at ${lineId} or through the contact form on our website.`,
      ],
    },
    {
      heading: "Personal data we collect",
      blocks: [
        {
          list: [
            "Account data: your name, email address, password (stored only as a one-way hash), language preference and two-factor authentication settings, and, if you give them, your company name and phone number.",
            "Billing data: the plan you choose, billing name and address, tax identification number for tax invoices, and payment records. Card payments are handled by our payment provider; we never store full card numbers.",
            "Bot and workspace content: personas, knowledge-base files and text, FAQs, bot settings, and the API keys of the AI providers you connect (encrypted at rest).",
            "Chat content sent to bots: the messages, images and attachments that end users send to a bot and the bot's replies, together with the technical details needed to deliver them, such as the channel, the channel's user identifier, the display name the channel shares, timestamps, and feedback given on answers (thumbs up or down). End users decide what they write; bot owners decide what their bots ask for.",
            "Contact form data: your name, email address, company, phone number, the reason for your enquiry, the subject and your message.",
            "Technical and security data: IP address, browser type, device information, pages requested, date and time, and error logs, recorded by our servers to keep the Service secure and working.",
            "Cookies: strictly necessary cookies only (see section 8).",
          ],
        },
        `We do not ask for sensitive personal data (such as health, religion, biometric or criminal-record data), and bot owners must not configure their bots to collect it without a lawful basis under Section 26 of the PDPA. The Service is intended for businesses and for people aged 20 or over. We do not knowingly collect personal data of minors without the consent of their parent or guardian where the law requires it; if you believe we have, contact us and we will delete it.`,
      ],
    },
    {
      heading: "Where the data comes from",
      blocks: [
        {
          list: [
            "Directly from you, when you sign up, fill in the contact form, configure a bot or pay for a plan.",
            "Automatically, through our server logs and strictly necessary cookies.",
            "From bot owners, when they upload knowledge-base content or import conversations and FAQs.",
            "From messaging platforms (LINE, Meta, TikTok), which pass us a message and the sender's platform identifier when an end user writes to a connected bot.",
            "From our payment provider, which confirms whether a payment succeeded.",
          ],
        },
      ],
    },
    {
      heading: "Why we use personal data and on what legal basis",
      blocks: [
        {
          list: [
            "To create and manage your account, sign you in securely and provide the features of your plan: performance of a contract (Section 24(3)).",
            "To deliver bot conversations: receive messages from channels, generate replies with the bot's AI provider, keep conversation history, hand conversations over to a human agent and send notifications. We do this as a processor, on the bot owner's instructions and under our contract with the bot owner.",
            "To bill you, issue tax invoices and keep accounting records: performance of a contract and legal obligation (Sections 24(3) and 24(6)).",
            "To answer contact-form messages and support requests: steps taken at your request before entering into a contract (Section 24(3)) or our legitimate interest in answering enquiries (Section 24(5)).",
            "To keep the Service secure, including rate limiting, preventing abuse and fraud, fixing errors and keeping computer traffic data: legitimate interest and legal obligation (Sections 24(5) and 24(6)).",
            "To understand how the Service is used and improve it, using aggregated statistics that do not identify you: legitimate interest (Section 24(5)).",
            "To send service messages such as security alerts, billing notices and changes to our terms: performance of a contract. We send marketing emails only with your consent (Section 19), which you can withdraw at any time.",
          ],
        },
        `We do not sell personal data, and we do not use bot owners' conversations or knowledge bases to train AI models. If you do not provide data we need to perform a contract (for example an email address for an account), we cannot provide that part of the Service.`,
      ],
    },
    {
      heading: "AI providers and transfers outside Thailand",
      blocks: [
        `Each bot owner chooses the AI provider that writes their bot's replies. With ${name}'s built-in engine, chat content is processed on our own infrastructure and is not sent to a third-party AI provider.`,
        "If a bot owner connects an external provider, such as OpenAI, Anthropic, Google or another OpenAI-compatible service, the part of the conversation needed for a reply is sent to that provider: the latest messages (at most the last 10), the persona's instructions, the relevant knowledge-base passages and any attached image. These providers may process the data outside Thailand, for example in the United States.",
        "These transfers happen at the bot owner's choice and on its instructions, and only in the cases allowed by Sections 28 and 29 of the PDPA: to a destination with adequate data protection standards, under appropriate safeguards such as the provider's contractual commitments, or where the transfer is necessary to perform a contract with the data subject. Bot owners must tell their end users which provider they use and obtain consent where it is required.",
        "Messages sent through LINE, Facebook Messenger, Instagram or TikTok also pass through those platforms, which process them under their own privacy policies.",
        "Our hosting and email providers may also store or process data outside Thailand. We use them only under written agreements that require a level of protection equivalent to the PDPA.",
      ],
    },
    {
      heading: "Who we share personal data with",
      blocks: [
        {
          list: [
            "Service providers that process data for us under contract: cloud hosting and storage, email delivery, payment processing and customer-support tools.",
            "The AI providers and messaging platforms chosen by a bot owner, as described in section 5.",
            "The bot owner, for conversations with its bots, which it can read and export from its inbox and dashboard.",
            "Other users, if you publish a persona to the marketplace: the listing (name, description, persona content and your display name) becomes visible to them. Do not put personal data in a listing.",
            "Government authorities, courts or other parties when the law requires it, or when needed to establish, exercise or defend legal claims.",
            "A buyer or successor in a merger, acquisition or sale of assets, who must keep protecting the data under this policy.",
          ],
        },
      ],
    },
    {
      heading: "How long we keep data",
      blocks: [
        {
          list: [
            "Account data: while your account is open and for 90 days after it is closed, so you can reactivate it or export your data.",
            "Chat content and bot content: for as long as the bot owner keeps them. When a bot owner deletes a conversation or a bot, we delete it from our live systems within 30 days and from backups within a further 35 days. When an account is closed, its bots and conversations are deleted at the end of the 90-day period above.",
            "Contact form messages: 2 years after our last exchange with you.",
            "Billing and tax records: 5 years, or longer where accounting or tax law requires it.",
            "Security and traffic logs: at least 90 days, as required by the Computer-Related Crime Act B.E. 2550, and no longer than 1 year unless they are needed to investigate an incident.",
          ],
        },
        "When a period ends, we delete the data or make it anonymous so that it can no longer identify anyone.",
      ],
    },
    {
      heading: "Cookies",
      blocks: [
        "We use only strictly necessary cookies. The website cannot work without them, so they do not need your consent:",
        {
          list: [
            "Session cookie: keeps you signed in. It cannot be read by scripts, is sent only over HTTPS and ends when you sign out or the session expires.",
            "Security cookies: protect sign-in and forms against cross-site request forgery and abuse.",
          ],
        },
        "We use no advertising or analytics cookies and no third-party trackers. Your language choice is kept in the web address (pages under /th are in Thai), not in a cookie.",
        "The introduction video on our home page is loaded from YouTube (youtube-nocookie.com) only after you click play; from that moment Google's privacy policy applies to the video.",
        "You can block or delete cookies in your browser settings, but you will then not be able to sign in.",
      ],
    },
    {
      heading: "How we protect data",
      blocks: [
        {
          list: [
            "All traffic is encrypted in transit (HTTPS).",
            "Passwords are stored only as one-way hashes; AI-provider API keys are encrypted at rest.",
            "Two-factor authentication is available on every account.",
            "Access to personal data is limited to staff who need it for their work and who are bound by confidentiality.",
            "Our systems use rate limits, security headers, monitoring and regular backups.",
          ],
        },
        "If a personal data breach is likely to put people's rights and freedoms at risk, we notify the Office of the Personal Data Protection Committee within 72 hours of becoming aware of it. Where the risk is high, we also inform the affected bot owners and people without undue delay, with the steps we are taking.",
      ],
    },
    {
      heading: "Your rights",
      blocks: [
        "Under the PDPA, you have the right to:",
        {
          list: [
            "withdraw your consent at any time, without affecting processing that took place before;",
            "access your personal data and obtain a copy, and ask how we obtained data you did not consent to;",
            "receive your data in a commonly used, machine-readable format, or have it sent to another controller;",
            "object to processing based on our legitimate interests, and object to direct marketing at any time;",
            "ask us to delete, destroy or anonymise your data;",
            "ask us to restrict the use of your data;",
            "ask us to correct your data and keep it accurate, up to date and complete;",
            "lodge a complaint with the Office of the Personal Data Protection Committee.",
          ],
        },
        "You can do much of this yourself in your account: edit your profile, export your bots and conversations, or delete your account. For anything else, contact us as described in section 12. We verify your identity before acting on a request and reply within 30 days. Requests are free of charge unless they are clearly unfounded or excessive. Where the law allows us to refuse or limit a request (for example, when we must keep data to comply with the law), we tell you why.",
        "If your request concerns a conversation with a business's bot, we pass it to that business, as the controller, and help it respond.",
      ],
    },
    {
      heading: "Changes to this policy",
      blocks: [
        "We update this policy when our Service or the law changes. The current version is always published on our website with its effective date. For significant changes, we tell account holders by email or in the app at least 30 days before they take effect.",
      ],
    },
    {
      heading: "Contact us",
      blocks: [
        "For questions, requests or complaints about personal data, contact us:",
        {
          list: [
            `Email: ${contactEmail} (subject: “Personal data request”)`,
            `LINE Official Account: ${lineId}`,
            "Contact form: the Contact Us page on our website",
          ],
        },
        "You may also contact the Office of the Personal Data Protection Committee (PDPC) at www.pdpc.or.th.",
      ],
    },
  ],
};
