import { z } from 'zod';

/** listings.side: which side of the sale the brokerage represents. */
export const LISTING_SIDES = ['listing', 'buyer'] as const;
export const SIDE_LABELS: Record<(typeof LISTING_SIDES)[number], string> = { listing: 'Listing side', buyer: 'Buyer side' };

/** listings.property_type's check constraint. */
export const PROPERTY_TYPES = ['single_family', 'condo', 'townhouse', 'multi_family', 'land'] as const;
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  single_family: 'Single family',
  condo: 'Condo',
  townhouse: 'Townhouse',
  multi_family: 'Multi-family',
  land: 'Land',
};

/** US state and territory codes (listings.state holds two upper-case letters). */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS',
  'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV',
  'WI', 'WY',
] as const;

/** The HOA answer as a form holds it: unknown until someone says. */
export const HOA_ANSWERS = ['unknown', 'yes', 'no'] as const;
export const HOA_LABELS: Record<(typeof HOA_ANSWERS)[number], string> = { unknown: 'Not specified', yes: 'Yes', no: 'No' };

/** What a select shows for "not set" (Radix Select has no empty value). */
export const NOT_SET = 'unknown';

/**
 * The listing attributes checklist templates match on, as a form holds them
 * (strings), turned into the columns' values. Blank means "not known yet":
 * such a listing matches only templates without a condition on it.
 */
export const listingAttributesFormSchema = z.object({
  side: z.enum(LISTING_SIDES),
  propertyType: z.union([z.literal(NOT_SET), z.enum(PROPERTY_TYPES)]).transform((v) => (v === NOT_SET ? null : v)),
  hasHoa: z.enum(HOA_ANSWERS).transform((v) => (v === 'unknown' ? null : v === 'yes')),
  yearBuilt: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{4}$/.test(v) && Number(v) >= 1600 && Number(v) <= 2100), 'Enter a year between 1600 and 2100')
    .transform((v) => (v === '' ? null : Number(v))),
  state: z.union([z.literal(NOT_SET), z.enum(US_STATES)]).transform((v) => (v === NOT_SET ? null : v)),
});
export type ListingAttributesFormValues = z.input<typeof listingAttributesFormSchema>;
export type ListingAttributes = z.output<typeof listingAttributesFormSchema>;

export const EMPTY_LISTING_ATTRIBUTES: ListingAttributesFormValues = { side: 'listing', propertyType: NOT_SET, hasHoa: 'unknown', yearBuilt: '', state: NOT_SET };

/** The stored listing's attributes as form values. */
export function attributesFormValues(listing: { side: string; property_type: string | null; has_hoa: boolean | null; year_built: number | null; state: string | null }): ListingAttributesFormValues {
  return {
    side: listing.side === 'buyer' ? 'buyer' : 'listing',
    propertyType: (PROPERTY_TYPES as readonly string[]).includes(listing.property_type ?? '') ? (listing.property_type as ListingAttributesFormValues['propertyType']) : NOT_SET,
    hasHoa: listing.has_hoa === null ? 'unknown' : listing.has_hoa ? 'yes' : 'no',
    yearBuilt: listing.year_built === null ? '' : String(listing.year_built),
    state: (US_STATES as readonly string[]).includes(listing.state ?? '') ? (listing.state as ListingAttributesFormValues['state']) : NOT_SET,
  };
}

/** The columns of listings the attributes are stored in. */
export function attributeColumns(attributes: ListingAttributes) {
  return { side: attributes.side, property_type: attributes.propertyType, has_hoa: attributes.hasHoa, year_built: attributes.yearBuilt, state: attributes.state };
}
