import { describe, expect, it } from 'vitest';
import { fileNameWords, suggestDocumentType, type DocumentTypeHints } from '@/features/documents/lib/suggest-document-type';

const TYPES: DocumentTypeHints[] = [
  { key: 'listing_agreement', label: 'Listing Agreement', file_name_hints: ['listing agreement', 'exclusive right'] },
  { key: 'sellers_disclosure', label: "Seller's Disclosure", file_name_hints: ['sellers disclosure', 'disclosure notice'] },
  { key: 'lead_paint_disclosure', label: 'Lead-Based Paint Disclosure', file_name_hints: ['lead paint', 'lead based paint'] },
  { key: 'survey', label: 'Survey', file_name_hints: ['survey'] },
  { key: 'other', label: 'Other', file_name_hints: null },
];

describe('fileNameWords', () => {
  it('drops the extension and turns separators and camelCase joins into spaces', () => {
    expect(fileNameWords('Sellers_Disclosure-2024.final.PDF'), 'underscores, dashes and dots separate words').toBe('sellers disclosure 2024 final');
    expect(fileNameWords('LeadPaintForm.pdf'), 'camelCase joins separate words').toBe('lead paint form');
  });
});

describe('suggestDocumentType', () => {
  it("suggests the type whose hint appears in the file name (apostrophes ignored)", () => {
    expect(suggestDocumentType("seller's disclosure - 12 Oak St.pdf", TYPES), 'the label matches without its apostrophe').toBe('sellers_disclosure');
    expect(suggestDocumentType('Exclusive_Right_to_Sell.docx', TYPES), 'a hint other than the label matches').toBe('listing_agreement');
  });

  it('prefers the longest matching hint', () => {
    expect(suggestDocumentType('lead-based-paint-disclosure.pdf', TYPES), 'the lead paint hint is longer than "disclosure notice"').toBe('lead_paint_disclosure');
  });

  it('matches whole words only, and suggests nothing when no hint matches', () => {
    expect(suggestDocumentType('surveyor invoice.pdf', TYPES), '"surveyor" is not the word "survey"').toBeNull();
    expect(suggestDocumentType('IMG_2041.jpg', TYPES), 'a camera file name suggests nothing').toBeNull();
  });
});
