/**
 * AI listing descriptions (spec part 2 §2 'Listing Descriptions', §5, §9):
 * five styles, each at most 800 characters, for coordinators and super admins.
 *
 * POST { address, highlights? } → 200 { styles: [{ name, description }] ×5, listingId, listingAddress, researchUsed }
 *
 * When the address is that of a listing the caller can see (RLS, the caller's
 * own client), its facts feed the prompt and are saved as the listing's
 * property_research; the descriptions are stored in ai_listing_descriptions.
 * Everything is stored only after the model answered well: a failed request
 * leaves nothing behind but its ai_interactions entry.
 */
import { aiClient, beginAiCall, providerFailure } from '../_shared/ai.ts';
import { acceptAiRequest } from '../_shared/ai-request.ts';
import { z } from '../_shared/deps.ts';
import { handler, HttpError, json } from '../_shared/http.ts';
import { findListingFacts, saveResearch } from './facts.ts';
import { firstMessages, generateDescriptions, type Exchange, type PromptFacts } from './model.ts';
import { splitHighlights } from './text.ts';

export const ADDRESS_REQUIRED = 'Address required: Please enter a property address to generate descriptions.';

const bodySchema = z.object({
  address: z.string().max(500, 'at most 500 characters').nullish(),
  highlights: z.string().max(2000, 'at most 2,000 characters').nullish(),
});

Deno.serve(
  handler(async (req) => {
    const { user, db, body, settings } = await acceptAiRequest(req, {
      methods: ['POST'],
      who: 'coordinators',
      body: bodySchema,
      check: (b) => {
        if (!b.address?.trim()) throw new HttpError(400, 'address_required', ADDRESS_REQUIRED);
      },
      provider: 'required',
    });
    const address = body.address?.trim() ?? '';
    const highlightsText = body.highlights?.trim() ?? '';

    const listing = await findListingFacts(db, address);
    const highlights = splitHighlights(highlightsText);
    const facts: PromptFacts = {
      address,
      highlights,
      listing: listing && { address: listing.address, price: listing.price, status: listing.status, noteHighlights: listing.noteHighlights },
    };
    const request = `${address}\n${highlightsText}`.trim();
    // inputChars counts the first request; a retry or regeneration (rare) resends about as much again.
    const inputChars = firstMessages(facts).reduce((n, m) => n + String(m.content).length, 0);
    const call = await beginAiCall(user, settings, { type: 'listing_descriptions', input: request, inputChars });

    const exchange: Exchange = { answers: [] };
    try {
      const styles = await generateDescriptions(aiClient(settings), settings.model, facts, exchange);
      // Research first: if the descriptions then fail to save, what remains is facts, not model output.
      if (listing) await saveResearch(db, listing);
      const stored = await db.from('ai_listing_descriptions').insert(
        styles.map((s) => ({
          listing_id: listing?.listingId ?? null,
          style: s.name,
          description: s.description,
          highlights,
          research_used: listing !== null,
        })),
      );
      if (stored.error) throw new HttpError(500, 'query_failed', `Saving the descriptions failed: ${stored.error.message}`);
      await call.succeed(exchange.answers.join('\n'));
      return json(
        { styles, listingId: listing?.listingId ?? null, listingAddress: listing?.address ?? null, researchUsed: listing !== null },
        200,
        { 'Cache-Control': 'no-store' },
      );
    } catch (error) {
      const failure = providerFailure(error);
      await call.fail(failure);
      throw failure;
    }
  }),
);
