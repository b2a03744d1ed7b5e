/**
 * What pdf.ts reads of a form field besides its value: the widget's box,
 * from the page's top-left like a text item (so the label printed beside a
 * field can be found), and its tooltip (/TU), which form tools put on the
 * widget.
 */
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { nodePdfJs, PDF_OPTIONS } from '../../../../tests/support/contract-reading-node.ts';
import { extractPdf } from './pdf.ts';

async function formPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Escrow Holder: Old Republic Title Company (the label a person sees)', { x: 50, y: 700, size: 10, font });
  const form = pdf.getForm();
  const named = form.createTextField('Text12');
  named.setText('Old Republic Title Company');
  named.addToPage(page, { x: 130, y: 697, width: 200, height: 14, borderWidth: 0, font });
  for (const dict of [named.acroField.dict, ...named.acroField.getWidgets().map((widget) => widget.dict)]) dict.set(PDFName.of('TU'), PDFHexString.fromText('Escrow Holder'));
  const box = form.createCheckBox('Check Box3');
  box.addToPage(page, { x: 50, y: 650, width: 9, height: 9, borderWidth: 0 });
  box.check();
  form.updateFieldAppearances(font);
  return pdf.save();
}

describe('pdf.ts form fields', () => {
  it('gives each field its widget box from the page\'s top-left and its tooltip when it has one', async () => {
    const { fields } = await extractPdf(nodePdfJs, await formPdf(), PDF_OPTIONS);
    const text = fields.find((field) => field.name === 'Text12');
    const box = fields.find((field) => field.name === 'Check Box3');
    expect(text?.value, 'the text field keeps its value').toBe('Old Republic Title Company');
    expect(text?.tooltip, 'the tooltip (/TU) is read from the widget').toBe('Escrow Holder');
    expect(text?.rect, 'the box is measured from the top-left: 792 - (697 + 14) = 81').toEqual({ x: 130, y: 81, w: 200, h: 14 });
    expect(box?.value, 'a ticked checkbox reads true').toBe(true);
    expect(box?.tooltip, 'a field without /TU has no tooltip').toBeUndefined();
    expect(box?.rect, 'the checkbox has its box too').toEqual({ x: 50, y: 133, w: 9, h: 9 });
  });
});
