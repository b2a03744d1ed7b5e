import { z } from 'zod';
import { FINANCING_TYPES } from '@/lib/contract-terms';

/**
 * The conditions a template (checklist or message) sets on the listings it
 * applies to: checklist_templates.conditions and message_templates.conditions
 * share the keys and the database's checks. A missing key means any.
 */
export const templateConditionsSchema = z.object({
  side: z.enum(['listing', 'buyer']).optional(),
  property_types: z.array(z.enum(['single_family', 'condo', 'townhouse', 'multi_family', 'land'])).min(1).optional(),
  financing_types: z.array(z.enum(FINANCING_TYPES)).min(1).optional(),
  has_hoa: z.boolean().optional(),
  built_before_1978: z.boolean().optional(),
  states: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .min(1)
    .optional(),
});
export type TemplateConditions = z.infer<typeof templateConditionsSchema>;

/** "TX · listing side · built before 1978": a template's conditions in a line. */
export function describeConditions(conditions: TemplateConditions): string {
  const parts = [
    conditions.states?.join(', '),
    conditions.side && `${conditions.side} side`,
    conditions.property_types?.map((type) => type.replace('_', ' ')).join(' / '),
    conditions.financing_types && `financing ${conditions.financing_types.join(' / ')}`,
    conditions.has_hoa !== undefined && (conditions.has_hoa ? 'with HOA' : 'no HOA'),
    conditions.built_before_1978 !== undefined && (conditions.built_before_1978 ? 'built before 1978' : 'built 1978 or later'),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every listing';
}
