/** What the /account route's loader hands the page (see routes/account.tsx). */
export type AccountPageData = {
  owner: {
    name: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
  };
  sessions: Array<{
    id: string;
    userAgent: string | null;
    createdAt: string;
    updatedAt: string;
    isCurrent: boolean;
  }>;
};

export type { VerifyEmailOutcome } from "@jai/contracts/accounts";
