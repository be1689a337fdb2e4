import {
  BadgeDollarSign,
  Bell,
  BookOpen,
  Bot,
  Braces,
  BrainCircuit,
  ChartColumn,
  ChartNoAxesCombined,
  CircleCheck,
  Copy,
  Download,
  FileDown,
  FileJson,
  Globe,
  GraduationCap,
  Hand,
  Handshake,
  Headset,
  History,
  IdCard,
  Inbox,
  LayoutTemplate,
  type LucideIcon,
  MessageSquare,
  MessagesSquare,
  Mic,
  Puzzle,
  Receipt,
  Rocket,
  ScanEye,
  Share2,
  Sheet,
  ShieldCheck,
  ShoppingBag,
  SlidersHorizontal,
  Sparkles,
  SquareTerminal,
  Store,
  Target,
  ThumbsUp,
  TrendingUp,
  Users,
  WandSparkles,
  Workflow,
} from "lucide-react";
import { type SimpleIcon, siInstagram, siLine, siMessenger, siTiktok } from "simple-icons";
import type { FeaturePagesMessages } from "./messages";
import type { FeaturePageId } from "./types";

/** A card's icon: a lucide icon, or a brand logo from simple-icons shown in its brand colour. */
export type FeatureIconSource = LucideIcon | SimpleIcon;

type PagesText = FeaturePagesMessages["pages"];
type CardKey<P extends FeaturePageId> = keyof PagesText[P]["grid"]["cards"];
type CategoryKey<P extends FeaturePageId> = PagesText[P] extends {
  categories: { items: infer Items };
}
  ? keyof Items
  : never;

/**
 * What a page shows besides its texts: where it lives, its icons and where its call to action
 * goes. Icon maps are keyed like the page's cards in messages.ts, so a card without an icon (or
 * an icon without a card) fails the typecheck.
 */
export type FeaturePageConfig<P extends FeaturePageId = FeaturePageId> = {
  /** English path; the Thai page is the same under /th. */
  path: `/features/${string}`;
  icon: LucideIcon;
  /** Where the call to action leads (English path, localized by NavButton). */
  ctaTo: string;
  cardIcons: Record<CardKey<P>, FeatureIconSource>;
  categoryIcons?: Record<CategoryKey<P>, LucideIcon>;
  /** The optional sections this page shows, in order, between the card grid and the CTA. */
  sections: ReadonlyArray<"spotlight" | "steps" | "categories">;
};

export const featurePageConfigs: { [P in FeaturePageId]: FeaturePageConfig<P> } = {
  aiChatbot: {
    path: "/features/ai-chatbot",
    icon: Bot,
    ctaTo: "/pricing",
    cardIcons: {
      languageModel: BrainCircuit,
      knowledgeBase: BookOpen,
      longTermMemory: History,
      imageRecognition: ScanEye,
      predictive: TrendingUp,
      advancedAnalytics: ChartColumn,
      selfImprovement: Sparkles,
    },
    sections: ["spotlight"],
  },
  personaBuilder: {
    path: "/features/persona-builder",
    icon: WandSparkles,
    ctaTo: "/persona-builder",
    cardIcons: {
      identity: IdCard,
      voice: Mic,
      greeting: Hand,
      behavior: SlidersHorizontal,
      context: Target,
      knowledge: BookOpen,
      advanced: SquareTerminal,
      export: Download,
      marketplace: Store,
    },
    sections: ["spotlight"],
  },
  multiChannel: {
    path: "/features/multi-channel",
    icon: MessagesSquare,
    ctaTo: "/pricing",
    cardIcons: {
      line: siLine,
      messenger: siMessenger,
      instagram: siInstagram,
      tiktok: siTiktok,
      website: Globe,
      spreadsheet: Sheet,
      api: Braces,
      inbox: Inbox,
      handoff: Headset,
    },
    sections: ["steps"],
  },
  dashboard: {
    path: "/features/dashboard",
    icon: ChartNoAxesCombined,
    ctaTo: "/pricing",
    cardIcons: {
      conversations: MessageSquare,
      monthlyUsers: Users,
      answered: CircleCheck,
      topQuestions: ChartColumn,
      satisfaction: ThumbsUp,
      advanced: SlidersHorizontal,
      predictive: TrendingUp,
      improvement: Sparkles,
      export: FileDown,
    },
    sections: ["spotlight"],
  },
  marketplace: {
    path: "/features/marketplace",
    icon: Store,
    ctaTo: "/pricing",
    cardIcons: {
      share: Share2,
      sell: BadgeDollarSign,
      library: LayoutTemplate,
      clone: Copy,
      reviewed: ShieldCheck,
      portable: FileJson,
    },
    categoryIcons: {
      ecommerce: ShoppingBag,
      education: GraduationCap,
      soloPreneur: Rocket,
    },
    // Approved marketplace listings will be rendered right after the categories.
    sections: ["steps", "categories"],
  },
  others: {
    path: "/features/others",
    icon: Puzzle,
    ctaTo: "/team",
    cardIcons: {
      notifications: Bell,
      inbox: Inbox,
      handoff: Headset,
      billing: Receipt,
      integrations: Workflow,
      feedback: ThumbsUp,
      consulting: Handshake,
    },
    sections: ["steps"],
  },
};

export function isBrandIcon(icon: FeatureIconSource): icon is SimpleIcon {
  return typeof icon === "object" && "path" in icon && "hex" in icon;
}
