/**
 * A fillable contract whose form field and text disagree, for the flagged
 * fact tests (issue 53): the "Closing Date" field on page 1 holds 03/03/2027
 * while the schedule on page 2 says "Closing Date: April 5, 2027" (two
 * pages, so a test can tell which page a highlight is on). Neither amends
 * the other — a contradiction, not a counter-offer, whose later value would
 * be the one in force — so the reader must propose neither and flag
 * closing_date with both values as cited candidates; the other facts agree
 * and are proposed as usual.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The two values the document gives for the closing date, in reading order (the form field first, then the text). */
export const CLOSING_CANDIDATES = { field: '2027-03-03', text: '2027-04-05' } as const;
export const CLOSING_FIELD_NAME = 'Closing Date';
export const CLOSING_TEXT = 'Closing Date: April 5, 2027';

/** Facts the contract states once, so they are proposed as usual (the effective date lets the review save). */
export const AGREED_FACTS = { effective_date: '2027-01-15', sales_price: 412000 } as const;

const LINES = [
  'RESIDENTIAL PURCHASE AGREEMENT - KEY TERMS',
  'Buyer(s): Priya and Arjun Raman',
  'Property Address: 77 Juniper Court, Austin, TX 78745',
  'Purchase Price: $412,000',
  'Effective Date: 01/15/2027',
  'Closing date as entered in the form:',
];

const SCHEDULE = ['SCHEDULE A - KEY DATES', 'This schedule is attached to and made part of the agreement.', CLOSING_TEXT];

/** A two-page fillable PDF: key terms as text with the closing date in a form field, then a schedule page giving another closing date. */
export async function flaggedClosingPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  LINES.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 24, size: 11, font }));
  const field = doc.getForm().createTextField(CLOSING_FIELD_NAME);
  field.setText('03/03/2027');
  // Beside the line that introduces it, as a form's widget stands beside its label.
  field.addToPage(page, { x: 270, y: 740 - 5 * 24 - 6, width: 110, height: 20, font });
  const schedule = doc.addPage([612, 792]);
  SCHEDULE.forEach((line, index) => schedule.drawText(line, { x: 50, y: 740 - index * 24, size: 11, font }));
  doc.getForm().updateFieldAppearances(font);
  return doc.save();
}
