import { describe, expect, it } from 'vitest';
import { attributeColumns, attributesFormValues, EMPTY_LISTING_ATTRIBUTES, listingAttributesFormSchema } from '@/features/listings/lib/listing-attributes';

describe('listingAttributesFormSchema', () => {
  it('turns the form into column values, blanks into null', () => {
    const parsed = listingAttributesFormSchema.parse({ side: 'listing', propertyType: 'single_family', hasHoa: 'no', yearBuilt: '1965', state: 'TX' });
    expect(attributeColumns(parsed), 'a Texas house of 1965 without HOA').toEqual({ side: 'listing', property_type: 'single_family', has_hoa: false, year_built: 1965, state: 'TX' });
    expect(attributeColumns(listingAttributesFormSchema.parse(EMPTY_LISTING_ATTRIBUTES)), 'nothing known yet stays null').toEqual({
      side: 'listing',
      property_type: null,
      has_hoa: null,
      year_built: null,
      state: null,
    });
  });

  it('refuses a year outside the column check with a message', () => {
    const result = listingAttributesFormSchema.safeParse({ ...EMPTY_LISTING_ATTRIBUTES, yearBuilt: '1492' });
    expect(result.success, 'year 1492 is refused').toBe(false);
    expect(result.error?.issues[0]?.message, 'the message names the range').toBe('Enter a year between 1600 and 2100');
  });

  it('round-trips a stored listing', () => {
    const stored = { side: 'buyer', property_type: 'condo', has_hoa: true, year_built: 2001, state: 'CA' };
    expect(attributeColumns(listingAttributesFormSchema.parse(attributesFormValues(stored))), 'the form shows what is stored').toEqual(stored);
  });
});
