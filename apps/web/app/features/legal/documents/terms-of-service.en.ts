import { brand } from "@jai/contracts";
import type { LegalDocument } from "./types";

const { name, contactEmail, lineId } = brand;

export const termsOfServiceEn: LegalDocument = {
  title: "Terms of Service",
  summary: `These Terms of Service set out the rules for using ${name}, the no-code AI chatbot platform: your account, plans and payment, your content and your bots, the AI providers you connect, and our responsibilities to each other. Please read them together with our Privacy Policy and PDPA Notice.`,
  sections: [
    {
      heading: "Agreement",
      blocks: [
        `These Terms of Service (the “Terms”) are an agreement between you and ${name} (“${name}”, “we”, “us”) for the use of the ${name} website, platform, API and related services (the “Service”). By creating an account or using the Service, you accept these Terms.`,
        `If you use the Service on behalf of a company or other organisation, you confirm that you are authorised to accept these Terms for it, and “you” means that organisation.`,
      ],
    },
    {
      heading: "Definitions",
      blocks: [
        {
          list: [
            "Bot: a chatbot you create on the Service, with its persona, knowledge base and settings.",
            "Bot owner: an account holder who creates or manages bots.",
            "End user: a person who chats with a bot.",
            "Channel: a place where a bot can be reached: LINE Official Account, Facebook Messenger, Instagram Direct, TikTok messages, the website widget, the public bot page or the API.",
            `AI provider: the service that writes a bot's replies, either ${name}'s built-in engine or an external provider you connect.`,
            "Your content: everything you or your end users put into the Service, including personas, knowledge-base files, FAQs, messages and images.",
          ],
        },
      ],
    },
    {
      heading: "Your account",
      blocks: [
        {
          list: [
            "You must be at least 20 years old or otherwise have full legal capacity to enter into contracts.",
            "Give accurate information when you sign up and keep it up to date.",
            "Keep your password and two-factor codes secret and do not share your sign-in details. You are responsible for activity under your account.",
            `Tell us immediately at ${contactEmail} if you suspect that someone has accessed your account without permission.`,
          ],
        },
      ],
    },
    {
      heading: "Free trial and plans",
      blocks: [
        "New accounts can try the Service free for 7 days with 1 bot. No payment is taken during the trial; at its end you can choose a paid plan or your bot is paused.",
        "Paid plans (Starter, Pro, Business and Enterprise) include the features and allowances shown on our pricing page, such as the number of bots, channels and users per month. When you reach an allowance, we warn you; the Service may then stop adding new bots, channels or end users until you upgrade or the next period begins.",
        "Enterprise plans may be governed by a separate order form. Where the order form differs from these Terms, the order form prevails.",
      ],
    },
    {
      heading: "Fees, billing and renewal",
      blocks: [
        {
          list: [
            "Prices are in Thai baht (THB). You can pay monthly, every 6 months (5% discount) or yearly (10% discount). Where value added tax applies, it is shown on your tax invoice.",
            "Plan fees do not include AI usage. If your bots use an external AI provider, you register with that provider, top up credits and pay its fees directly, under its terms.",
            "Fees are charged in advance. Your plan renews automatically for the same period unless you cancel before the renewal date.",
            "Upgrades take effect immediately; the difference for the rest of the current period is charged pro rata. Downgrades and cancellations take effect at the end of the current period.",
            "Fees already paid are not refundable, except where these Terms say otherwise or the law requires a refund.",
            "If a payment fails, we tell you and try again. If a fee is still unpaid 14 days after its due date, we may suspend paid features until it is settled.",
            "We may change prices with at least 30 days' notice. A new price applies from your next renewal.",
          ],
        },
      ],
    },
    {
      heading: "AI providers and third-party services",
      blocks: [
        "You choose the AI provider for each bot. When you connect an external AI provider or a messaging channel (such as LINE, Meta or TikTok), you must follow its terms and policies, which are a separate agreement between you and that provider.",
        "You are responsible for the API keys and channel credentials you add and for the costs incurred with them. We store them encrypted and use them only to run your bots.",
        "We are not responsible for the availability, output, pricing or policy changes of third-party services. If a third party changes or withdraws its service, we may have to change or stop the related integration.",
      ],
    },
    {
      heading: "Your content",
      blocks: [
        `You keep all rights to your content. You grant ${name} a non-exclusive, worldwide, royalty-free licence to host, copy, process, transmit and display your content only as needed to provide, secure and support the Service for you. We do not use your content to train AI models.`,
        "You confirm that you have the rights and permissions needed for your content, including the documents in your knowledge base and any personal data they contain.",
        "You can export your bots, personas and conversations at any time while your account is open.",
      ],
    },
    {
      heading: "AI-generated replies",
      blocks: [
        "Bot replies are generated automatically and can be wrong, incomplete or out of date. Test your bot before you make it available, keep its knowledge base current and monitor its conversations.",
        "Do not rely on a bot for medical, legal, financial or other decisions with serious consequences without review by a qualified person.",
        "Tell your end users that they are talking with an AI, and give them a way to reach a person when it matters. The Service's human handoff is designed for this.",
      ],
    },
    {
      heading: "Acceptable use",
      blocks: [
        "You must not use the Service, or let your bots be used, to:",
        {
          list: [
            "break any law, including consumer protection, advertising, computer crime and personal data protection laws;",
            "send spam or unsolicited messages, or contact people on a channel against that channel's rules;",
            "impersonate a person or organisation, or mislead end users about who or what they are talking to;",
            "collect sensitive personal data, or data about children, without a lawful basis;",
            "create or spread content that is defamatory, hateful, harassing or sexually exploitative, or that promotes violence, illegal gambling or illegal goods;",
            "infringe anyone's intellectual property or privacy;",
            "upload malware, probe or test the security of the Service, or get around its limits or protections;",
            "overload the Service, or copy it or its data by automated means other than through our API;",
            "resell the Service or offer it under your own brand, unless your Enterprise plan allows white-label use.",
          ],
        },
      ],
    },
    {
      heading: "Marketplace and templates",
      blocks: [
        "You may publish personas and templates to the marketplace. Listings are reviewed before they are published, and we may decline or remove a listing that breaks these Terms.",
        "By publishing a listing, you grant other users a licence to view, clone and adapt it for their own bots. Do not include personal data or confidential information in a listing.",
        "Templates published by others are provided as they are. Check them before you use them with your customers.",
      ],
    },
    {
      heading: "Personal data",
      blocks: [
        `Our Privacy Policy explains how we handle personal data. For end-user data processed through your bots, you are the data controller and ${name} is your data processor under the Personal Data Protection Act B.E. 2562.`,
        "As your processor, we process end-user data only on your documented instructions (your bot settings and your use of the Service), keep it confidential and secure, use sub-processors only under equivalent written obligations, help you answer data subjects' requests, notify you of a personal data breach without undue delay, and delete the data when you delete it or leave the Service. Our PDPA Notice describes these commitments and forms part of these Terms.",
        "You must have a lawful basis for the data your bots collect, give your end users a privacy notice, and obtain consent where the law requires it, including for transfers abroad to the external AI provider you choose.",
      ],
    },
    {
      heading: "Availability and changes to the Service",
      blocks: [
        "We work to keep the Service available and secure, but we do not guarantee that it will be uninterrupted or error-free. We announce planned maintenance in advance where we can and schedule it outside Thai business hours where possible.",
        "We improve the Service continuously and may change features. If we remove a major feature of a paid plan, we tell you at least 30 days in advance, and you may cancel and receive a pro rata refund of prepaid fees for the unused period.",
        "Service-level commitments, where offered, are agreed in writing for Enterprise plans.",
      ],
    },
    {
      heading: "Our intellectual property",
      blocks: [
        `The Service, including its software, design, brand and documentation, belongs to ${name} or its licensors. Subject to these Terms, we grant you a limited, non-exclusive, non-transferable right to use the Service during your subscription.`,
        "If you send us suggestions or feedback, we may use them freely without any obligation to you.",
      ],
    },
    {
      heading: "Suspension and termination",
      blocks: [
        "You can close your account at any time in your account settings.",
        "We may suspend or close your account if you seriously or repeatedly breach these Terms, if fees remain unpaid, or if the law requires it or it is necessary to prevent harm to others. Where possible, we warn you first and give you a reasonable time to fix the problem.",
        "After an account is closed, its data is kept for 90 days, during which you can ask us to reactivate the account or export your data. After that, the data is deleted as described in our Privacy Policy.",
      ],
    },
    {
      heading: "Disclaimers",
      blocks: [
        `Except as expressly stated in these Terms, and to the extent permitted by law, the Service is provided “as is” and “as available”, without implied warranties of merchantability, fitness for a particular purpose or non-infringement. We do not warrant that AI-generated replies are accurate or suitable for your purpose.`,
      ],
    },
    {
      heading: "Limitation of liability",
      blocks: [
        `To the extent permitted by law, ${name} is not liable for indirect or consequential loss, or for loss of profits, revenue, data or goodwill.`,
        "Our total liability for all claims relating to the Service is limited to the fees you paid us for the Service in the 12 months before the event that gave rise to the claim, or 1,000 THB if you used only the free trial.",
        "Nothing in these Terms limits liability for wilful misconduct or gross negligence, for death or personal injury, or any other liability that cannot be limited under Thai law, including the Unfair Contract Terms Act B.E. 2540.",
      ],
    },
    {
      heading: "Indemnity",
      blocks: [
        `You will compensate ${name} for claims brought by third parties, including end users and authorities, that arise from your content, the use of your bots, or your breach of these Terms or the law, provided that we tell you about the claim promptly and let you take part in its defence.`,
      ],
    },
    {
      heading: "Changes to these Terms",
      blocks: [
        "We may update these Terms. We publish the new version with its effective date and tell account holders about material changes by email or in the app at least 30 days before they take effect. If you do not agree, you may cancel before the changes take effect; if you keep using the Service afterwards, you accept the updated Terms.",
      ],
    },
    {
      heading: "Governing law and disputes",
      blocks: [
        "These Terms are governed by the laws of Thailand. We will first try to settle any dispute in good faith through discussion. If a dispute is not settled within 30 days, the competent courts of Thailand have jurisdiction.",
        "These Terms are published in Thai and English with the same meaning. If the two versions differ, the Thai version prevails.",
      ],
    },
    {
      heading: "General",
      blocks: [
        "If any provision of these Terms is found invalid, the rest remain in effect. If we do not enforce a right, we have not waived it. You may not transfer these Terms without our consent; we may transfer them to a successor of our business.",
        "These Terms, together with the Privacy Policy, the PDPA Notice and any order form, are the entire agreement between you and us about the Service.",
      ],
    },
    {
      heading: "Contact us",
      blocks: [
        "Questions about these Terms:",
        {
          list: [
            `Email: ${contactEmail}`,
            `LINE Official Account: ${lineId}`,
            "Contact form: the Contact Us page on our website",
          ],
        },
      ],
    },
  ],
};
