/** A paragraph is a string; a bullet list is `{ list: [...] }`. All text is plain (escaped on output). */
export type LegalBlock = string | { readonly list: readonly string[] };

export type LegalSection = {
  readonly heading: string;
  readonly blocks: readonly LegalBlock[];
};

/** One legal document in one language, rendered as a standalone HTML page. */
export type LegalDocument = {
  readonly title: string;
  /** One or two sentences shown under the title, before the numbered sections. */
  readonly summary: string;
  readonly sections: readonly LegalSection[];
};
