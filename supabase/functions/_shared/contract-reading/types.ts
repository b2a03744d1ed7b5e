/**
 * The contract reader's vocabulary, shared by the Edge Function (Deno), the
 * browser and Node (bench, tests). Plain types only: the reader has no
 * imports but relative ones, and engines (pdf.js, tesseract.js) are injected.
 */

/** The facts a contract can propose, named like the key-date engine's facts (contract_forms, deadline_rules). */
export type FactKey =
  | 'form'
  | 'effective_date'
  | 'closing_date'
  | 'sales_price'
  | 'earnest_money'
  | 'option_fee'
  | 'option_days'
  | 'inspection_days'
  | 'appraisal_days'
  | 'loan_days'
  | 'disclosure_days'
  | 'escrow_days'
  | 'survey_days'
  | 'financing_days'
  | 'title_commitment_days'
  | 'all_cash'
  | 'financing_type'
  | 'buyer_names'
  | 'seller_names'
  | 'property_address'
  | 'title_company'
  | 'lender'
  | 'buyer_agent_name';

export const FACT_KEYS: readonly FactKey[] = [
  'form',
  'effective_date',
  'closing_date',
  'sales_price',
  'earnest_money',
  'option_fee',
  'option_days',
  'inspection_days',
  'appraisal_days',
  'loan_days',
  'disclosure_days',
  'escrow_days',
  'survey_days',
  'financing_days',
  'title_commitment_days',
  'all_cash',
  'financing_type',
  'buyer_names',
  'seller_names',
  'property_address',
  'title_company',
  'lender',
  'buyer_agent_name',
];

/** Where a proposal came from: a PDF form field, the text layer, OCR'd text, or a model. */
export type FactSource = 'form_field' | 'text' | 'ocr' | 'ai';

export type ContractForm = 'trec-20-18' | 'car-rpa' | 'generic';

/** contracts.financing_type's values (its check constraint), named once for the reader, the function and the app. */
export const FINANCING_TYPES = ['cash', 'conventional', 'fha', 'va', 'other'] as const;
export type FinancingType = (typeof FINANCING_TYPES)[number];

export interface Citation {
  /** 1-based page number. */
  page: number;
  /** The text the value was read from, as it stands on the page (for form fields: the field's value). */
  text: string;
  /** For form fields: the field's name. */
  field?: string;
}

export type FactValue = string | number | boolean;

/** One value the document gives for a fact, where it gives more than one (a flagged fact's choices). */
export interface Candidate {
  value: FactValue;
  source: FactSource;
  citation: Citation;
}

export interface ProposedFact {
  key: FactKey;
  /**
   * Dates YYYY-MM-DD, amounts numbers, day counts integers, all_cash boolean, financing_type a FinancingType.
   * null for a flagged fact: the document gives different values (see candidates) and the person picks one.
   */
  value: FactValue | null;
  /** 0–1: how sure the reader is that the value is right; 0 for a flagged fact. */
  confidence: number;
  source: FactSource;
  /** The proposal's citation; null for a flagged fact (each candidate carries its own). */
  citation: Citation | null;
  /** Only on a flagged fact (value null): the differing values, each cited, in reading order. */
  candidates?: Candidate[];
}

/** A positioned run of text on a page, in PDF user-space units from the page's top-left (for highlighting). */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** OCR only: the engine's confidence in this word, 0–1. */
  confidence?: number;
}

export interface PageText {
  /** 1-based page number. */
  page: number;
  text: string;
  source: 'text' | 'ocr';
  /** Optional item boxes for highlighting a citation on the rendered page. */
  items?: TextItem[];
}

/** An AcroForm field with its value (checkboxes: boolean). */
export interface FormField {
  name: string;
  /** 1-based page number of the field's widget. */
  page: number;
  value: string | boolean;
  /** The widget's box in PDF user-space units from the page's top-left, like TextItem (to read the label beside it). */
  rect?: { x: number; y: number; w: number; h: number };
  /** The field's tooltip (/TU), when the form gives one: often the label a person sees. */
  tooltip?: string;
}

/**
 * The parts of chrono-node the reader uses, injected like the PDF and OCR
 * engines: Deno imports it by its npm: specifier (deps.ts), Node from
 * node_modules, and the reader keeps only relative imports.
 */
export interface DateEngine {
  strict: {
    parse(
      text: string,
      reference?: Date,
    ): { index: number; text: string; start: { get(component: 'year' | 'month' | 'day'): number | null; isCertain(component: 'year' | 'month' | 'day'): boolean } }[];
  };
}

/** The engines readFacts is given by its runtime. */
export interface ReaderEngines {
  chrono: DateEngine;
}

export interface Reading {
  form: ContractForm;
  pages: number;
  /** At most one entry per fact key: a proposal with a citation found on its page, or a flagged fact whose candidates are each cited. */
  fields: ProposedFact[];
  /** Which reading paths produced at least one proposal, in reading order. */
  paths: FactSource[];
}

/** What pdf.ts gets out of a PDF: its fields, the text of the pages that have a text layer, and the pages that need OCR. */
export interface ExtractedPdf {
  pages: number;
  fields: FormField[];
  pageTexts: PageText[];
  /** 1-based numbers of pages without a usable text layer that draw an image (scans): the pages for OCR. Blank pages are neither here nor in pageTexts. */
  scannedPages: number[];
}
