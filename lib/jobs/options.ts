/**
 * The labels of the job order's choice codes, shared by the order form (components/jobs/order) and the job slip
 * (lib/jobs/slip-block.ts). The spec gives the codes and their meaning where a rule depends on them (e.g. copy
 * binding 0–2 reveal finishing, hole punch 2 is "other", Set As Originals presets 1 and hole punch 3); the
 * wording of the other options is ours (docs/decisions/004-job-order-save-and-clone.md).
 *
 * Pure data and browser-safe: no server or zod imports (the order form's client bundle carries it).
 */

/** A choice code and its label. */
export interface CodeOption {
  id: number;
  name: string;
}

export const YES_NO: readonly CodeOption[] = [
  { id: 1, name: 'Yes' },
  { id: 2, name: 'No' },
];

// Appeal book ------------------------------------------------------------------------------------------------
export const PREPARE_OPTIONS: readonly CodeOption[] = [
  { id: 1, name: 'Draft appeal book' },
  { id: 2, name: 'Copies of the final appeal book' },
];
export const APPEAL_BOOK_TYPES: readonly CodeOption[] = [
  { id: 1, name: 'Civil' },
  { id: 2, name: 'Criminal' },
];

// Court copy -------------------------------------------------------------------------------------------------
/** ActingFor / SolicitorFor: 3 means other. */
export const PARTIES: readonly CodeOption[] = [
  { id: 1, name: 'Plaintiff / applicant' },
  { id: 2, name: 'Defendant / respondent' },
  { id: 3, name: 'Other' },
];

// Copy (order type 3): code 1 is "as originals" wherever Set As Originals presets 1 --------------------------
export const COPY_COLOUR: readonly CodeOption[] = [
  { id: 1, name: 'As originals' },
  { id: 2, name: 'Colour' },
  { id: 3, name: 'Black and white' },
];
export const COPY_PAPER: readonly CodeOption[] = [
  { id: 1, name: 'As originals' },
  { id: 2, name: 'Standard white 80 gsm' },
  { id: 3, name: 'Heavy 100 gsm' },
];
export const COPY_SIDES: readonly CodeOption[] = [
  { id: 1, name: 'As originals' },
  { id: 2, name: 'Single-sided' },
  { id: 3, name: 'Double-sided' },
  { id: 4, name: 'Other' },
];
export const COPY_PAPER_SIZE: readonly CodeOption[] = [
  { id: 1, name: 'As originals' },
  { id: 2, name: 'A4' },
  { id: 3, name: 'A3' },
  { id: 4, name: 'Letter' },
  { id: 5, name: 'Other' },
];
/** 0, 1 and 2 reveal hole punch and staples on copies. */
export const COPY_BINDING: readonly CodeOption[] = [
  { id: 0, name: 'None (loose)' },
  { id: 1, name: 'As originals' },
  { id: 2, name: 'Lever arch folder' },
  { id: 3, name: 'Spiral binding' },
  { id: 4, name: 'Perfect binding' },
];
export const COPY_HOLE_PUNCH: readonly CodeOption[] = [
  { id: 1, name: '2 holes' },
  { id: 2, name: 'Other' },
  { id: 3, name: 'As originals' },
  { id: 4, name: 'None' },
];
export const COPY_STAPLES_COPIES: readonly CodeOption[] = [
  { id: 1, name: 'As originals' },
  { id: 2, name: 'Staple each document' },
  { id: 3, name: 'Clip each document' },
  { id: 4, name: 'None' },
];
export const COPY_STAPLES_ORIGINALS: readonly CodeOption[] = [
  { id: 1, name: 'Replace as found' },
  { id: 2, name: 'Remove and do not replace' },
];
export const COPY_DIVIDERS: readonly CodeOption[] = [
  { id: 1, name: 'As originals' },
  { id: 2, name: 'Per my instructions' },
  { id: 3, name: 'None' },
];
export const COPY_DOCUMENT_ORDER: readonly CodeOption[] = [
  { id: 1, name: 'As originals' },
  { id: 2, name: 'As the supplied index' },
  { id: 3, name: 'Other (see instructions)' },
];
export const COPY_PAGE_NUMBERS: readonly CodeOption[] = [
  { id: 0, name: 'No page numbers' },
  { id: 1, name: 'Number every page' },
  { id: 2, name: 'Number each document' },
];
export const NUMBER_LOCATIONS: readonly CodeOption[] = [
  { id: 1, name: 'Bottom right' },
  { id: 2, name: 'Bottom centre' },
  { id: 3, name: 'Top right' },
];
/** 4 means other. */
export const NUMBERING_SEQUENCES: readonly CodeOption[] = [
  { id: 1, name: '1, 2, 3 …' },
  { id: 2, name: 'Tab and page (1.1, 1.2 …)' },
  { id: 3, name: 'Prefix and number (ABC.0001 …)' },
  { id: 4, name: 'Other' },
];

// Print (order type 5) ---------------------------------------------------------------------------------------
export const PRINT_COLOUR: readonly CodeOption[] = [
  { id: 1, name: 'Yes, print colour pages in colour' },
  { id: 2, name: 'No, print everything in black and white' },
];
export const PRINT_SIDES: readonly CodeOption[] = [
  { id: 1, name: 'Single-sided' },
  { id: 2, name: 'Double-sided' },
];
/** 2 shows an other-text. */
export const PRINT_PAPER_SIZE: readonly CodeOption[] = [
  { id: 1, name: 'A4' },
  { id: 2, name: 'Other' },
];
export const SEPARATOR_TYPES: readonly CodeOption[] = [
  { id: 1, name: 'Coloured sheets' },
  { id: 2, name: 'White sheets' },
];
export const INSERT_LOCATIONS: readonly CodeOption[] = [
  { id: 1, name: 'Before each document' },
  { id: 2, name: 'Before each folder of the source' },
];
export const TABBED_DIVIDER_TYPES: readonly CodeOption[] = [
  { id: 1, name: 'Paper tabs' },
  { id: 2, name: 'Mylar (reinforced) tabs' },
];
/** 0 and 1 reveal hole punch and stapled. */
export const PRINT_BINDING: readonly CodeOption[] = [
  { id: 0, name: 'Lever arch folder' },
  { id: 1, name: 'Ring binder' },
  { id: 2, name: 'Spiral binding' },
  { id: 3, name: 'Loose, rubber-banded' },
];
/** 2 shows an other-text. */
export const PRINT_HOLE_PUNCH: readonly CodeOption[] = [
  { id: 1, name: '2 holes' },
  { id: 2, name: 'Other' },
];
export const DUPLICATES: readonly CodeOption[] = [
  { id: 1, name: 'Print every copy' },
  { id: 2, name: 'Print once' },
];
export const ATTACHMENTS: readonly CodeOption[] = [
  { id: 1, name: 'Print after their e-mail' },
  { id: 2, name: 'Do not print' },
];
/** 2 and 3 reveal the undated-document location; 5 shows an other-text. */
export const ORDER_DOCUMENTS: readonly CodeOption[] = [
  { id: 1, name: 'As in the source folders' },
  { id: 2, name: 'By date, oldest first' },
  { id: 3, name: 'By date, newest first' },
  { id: 4, name: 'By file name' },
  { id: 5, name: 'Other' },
];
export const UNDATED_LOCATIONS: readonly CodeOption[] = [
  { id: 1, name: 'At the start' },
  { id: 2, name: 'At the end' },
];
export const UNPRINTABLE: readonly CodeOption[] = [
  { id: 1, name: 'Insert a placeholder sheet' },
  { id: 2, name: 'Skip them' },
];
export const EXCEL: readonly CodeOption[] = [
  { id: 1, name: 'Print as set up in the file' },
  { id: 2, name: 'Fit each sheet to page width' },
];
/** 1 numbered, 2 none. */
export const APPLY_NUMBERS: readonly CodeOption[] = [
  { id: 1, name: 'Yes' },
  { id: 2, name: 'No numbering' },
];

// Scan (order type 6) ----------------------------------------------------------------------------------------
export const SCAN_COLOUR: readonly CodeOption[] = [
  { id: 1, name: 'Yes, scan colour pages in colour' },
  { id: 2, name: 'No, scan in black and white' },
];
export const DOCUMENT_BREAKS: readonly CodeOption[] = [
  { id: 1, name: 'By staples, clips and folders' },
  { id: 2, name: 'Each page is a document' },
  { id: 3, name: 'By separator sheets we insert' },
];
export const SCAN_NUMBERING_SEQUENCES: readonly CodeOption[] = NUMBERING_SEQUENCES.filter((o) => o.id !== 4);
/** 1 none; 2 and 3 reveal the hyperlink question. */
export const INDEXING: readonly CodeOption[] = [
  { id: 1, name: 'No index' },
  { id: 2, name: 'Index of documents' },
  { id: 3, name: 'Index with bookmarks' },
];
/** 3 shows an other-text. */
export const IMAGE_FORMATS: readonly CodeOption[] = [
  { id: 1, name: 'Searchable PDF' },
  { id: 2, name: 'Single-page TIFF' },
  { id: 3, name: 'Other' },
];
/** 4 shows an other-text. */
export const FILE_NAMING: readonly CodeOption[] = [
  { id: 1, name: 'Document number' },
  { id: 2, name: 'Date and title' },
  { id: 3, name: 'As written on the folder' },
  { id: 4, name: 'Other' },
];
