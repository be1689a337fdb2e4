// Texts shared by every page (header, footer, not-found and error pages, navigation).
// Feature texts live beside their feature in `messages.ts`.
export const en = {
  skipToContent: "Skip to content",
  nav: {
    home: "Home",
    features: "Features",
    pricing: "Pricing",
    aboutUs: "About Us",
    contactUs: "Contact Us",
    getStarted: "Get Started",
    loading: "Loading...",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    mainNavigation: "Main navigation",
    switchLanguage: "Switch to Thai",
    featurePages: {
      aiChatbot: "AI Chatbot",
      personaBuilder: "Persona Builder",
      multiChannel: "Multi-Channel",
      dashboard: "Intelligence Dashboard",
      marketplace: "Marketplace",
      others: "Other Features",
    },
  },
  footer: {
    tagline: "The all-in-one, no-code AI chatbot platform for businesses and creators.",
    product: "Product",
    features: "Features",
    pricing: "Pricing",
    contact: "Contact",
    contactUs: "Contact Us",
    aboutUs: "About Us",
    followUs: "Follow Us",
    line: "LINE",
    facebook: "Facebook",
    legal: "Legal",
    privacyPolicy: "Privacy Policy",
    termsOfService: "Terms of Service",
    pdpa: "PDPA",
    copyright: (year: number, brand: string) => `© ${year} ${brand}. All rights reserved.`,
  },
  notFound: {
    title: "Page not found",
    heading: "404",
    text: "Oops! Page not found",
    returnHome: "Return to Home",
  },
  errorPage: {
    title: "Something went wrong",
    heading: "Something went wrong",
    text: "An unexpected error stopped this page from loading. Please try again in a moment.",
    retry: "Try again",
    returnHome: "Return to Home",
  },
  navigationError: {
    title: "Navigation Error",
    description: "Something went wrong. Please try again.",
  },
  externalLink: "(opens in a new tab)",
};

export type CommonMessages = typeof en;
