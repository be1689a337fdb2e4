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

/** What the link of an account email did (the /verify-email route's loader). */
export type VerifyEmailOutcome =
  | { kind: "verified" }
  /** The current address approved a change: a link is on its way to the new one. */
  | { kind: "changeConfirmed" }
  /** The new address confirmed: the account's email is now `email`. */
  | { kind: "changed"; email: string }
  | { kind: "invalid" };
