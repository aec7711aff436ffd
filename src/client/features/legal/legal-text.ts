/** A legal page as data: its title, its date and its sections of paragraphs and lists (LegalDocument draws it). */

/** A run of text: plain, bold, code, or a link (one to another site opens in a new tab). */
export type Inline = string | { strong: string } | { code: string } | { text: string; href: string; external?: true };

/** A paragraph or a list item: one run, or runs one after another. */
export type Sentence = Inline | readonly Inline[];

export type Block = { paragraph: Sentence } | { list: readonly Sentence[] };

export interface LegalSection {
  /** The heading's id, which labels the section (and is its link target). */
  id: string;
  heading: string;
  blocks: readonly Block[];
}

export interface LegalText {
  title: string;
  /** The 'Last updated' date, as the spec writes it. */
  updated: string;
  /** Paragraphs before the first section. */
  intro?: readonly Block[];
  sections: readonly LegalSection[];
}
