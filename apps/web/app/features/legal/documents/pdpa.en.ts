import { brand } from "@jai/contracts";
import type { LegalDocument } from "./types";

const { name, contactEmail, lineId } = brand;

export const pdpaEn: LegalDocument = {
  title: "PDPA Notice",
  summary: `This notice summarises how ${name} complies with Thailand's Personal Data Protection Act B.E. 2562 (2019) (the “PDPA”), how you can exercise your rights, and what businesses using ${name} must do for their own customers. Full details are in our Privacy Policy.`,
  sections: [
    {
      heading: "About the PDPA",
      blocks: [
        "The PDPA has been fully in force since 1 June 2022. It governs how personal data (any information that identifies a living person, directly or indirectly) is collected, used and disclosed, and gives people rights over their data. It is supervised by the Office of the Personal Data Protection Committee (PDPC).",
      ],
    },
    {
      heading: "Our two roles",
      blocks: [
        {
          list: [
            "Data controller: for our website visitors, people who contact us and account holders. We decide how their account, billing, support and security data is used, and we are responsible for it.",
            "Data processor: for the conversations between a business's bots and that business's customers. The business is the controller; we process those conversations only on its instructions.",
          ],
        },
      ],
    },
    {
      heading: "What we process, in brief",
      blocks: [
        {
          list: [
            "Account and billing data of the people who use the platform.",
            "Bot content: personas, knowledge bases, FAQs and settings.",
            "Chat content that end users send to bots, and the bots' replies.",
            "Messages sent through our contact form.",
            "Technical and security logs.",
            "Strictly necessary cookies only: no advertising or analytics cookies and no third-party trackers.",
          ],
        },
        "For each kind of data, our Privacy Policy sets out the purposes, legal bases, retention periods and recipients.",
      ],
    },
    {
      heading: "Our commitments",
      blocks: [
        {
          list: [
            "We collect only the data needed for a clear purpose.",
            "We tell people why we use their data and on what legal basis, before or when we collect it.",
            "We ask for consent only where no other legal basis applies, in clear words separate from other terms, and we make it as easy to withdraw as to give.",
            "We keep data accurate and no longer than needed, then delete it or make it anonymous.",
            "We protect data with appropriate security measures: encryption in transit, hashed passwords, encrypted API keys, restricted access and two-factor authentication.",
            "We transfer data outside Thailand only as allowed by Sections 28 and 29 of the PDPA.",
            "We keep a record of our processing activities.",
            "We notify the PDPC of a personal data breach within 72 hours of becoming aware of it, and the affected people without undue delay where the risk to them is high.",
            "We never sell personal data, and we never use our customers' conversations to train AI models.",
          ],
        },
      ],
    },
    {
      heading: "How to exercise your rights",
      blocks: [
        "You have the right to access and obtain a copy of your data, to receive it in a portable format, to object to its processing, to have it deleted, to restrict its use, to have it corrected, to withdraw consent and to complain to the PDPC. Our Privacy Policy describes each right.",
        {
          list: [
            `Send your request to ${contactEmail} with the subject “Personal data request”, or use our contact form or LINE Official Account ${lineId}.`,
            "Tell us which right you want to exercise and, if the request concerns a conversation with a bot, the name of the business or bot and the channel you used.",
            "We may ask for information to confirm your identity, and never more than we need for that.",
            "We reply within 30 days of receiving a complete request. If we cannot meet it in full, we explain why and record the reason, as the PDPA requires.",
            "Requests are free of charge.",
          ],
        },
        "If you chatted with a business's bot, that business decides about your data. We forward your request to it within 7 days and help it respond to you.",
      ],
    },
    {
      heading: `For businesses using ${name}`,
      blocks: [
        "As the data controller of your customers' conversations, you must:",
        {
          list: [
            "have a legal basis for the data your bots collect, and collect only what you need;",
            `give your customers a privacy notice (for example, linked from the bot's welcome message or your website) that names ${name} as your processor and the AI provider you chose;`,
            "not collect sensitive data unless it is necessary, and then only with explicit consent or another basis under Section 26;",
            `obtain consent where it is required before conversation data is sent to an external AI provider abroad, or use ${name}'s built-in engine, which keeps the data on our infrastructure;`,
            "decide how long conversations are kept, and delete those you no longer need;",
            "answer your customers' requests to exercise their rights; the inbox lets you find, export and delete a customer's conversations;",
            "tell us without delay about any incident you notice.",
          ],
        },
        "As your processor, in line with Section 40, we process end-user data only on your documented instructions (your bot settings and use of the Service), keep it confidential and secure, use sub-processors only under equivalent written obligations, help you answer requests from data subjects and the PDPC, notify you of a breach affecting your data without undue delay and no later than 24 hours after we confirm it, and delete the data when you delete it or leave the Service. These commitments form part of our Terms of Service.",
      ],
    },
    {
      heading: "Contact and complaints",
      blocks: [
        "Our data protection contact handles all questions and requests about personal data:",
        {
          list: [
            `Email: ${contactEmail}`,
            `LINE Official Account: ${lineId}`,
            "Contact form: the Contact Us page on our website",
          ],
        },
        "If you are not satisfied with our answer, you can complain to the Office of the Personal Data Protection Committee at www.pdpc.or.th.",
      ],
    },
  ],
};
