/**
 * The AI functions and `/api` AI routes, each with a body it accepts and one
 * whose fields it refuses, plus bodies every one of them must refuse as such:
 * for the tests of the order of checks (tests/integration/ai-request-order.test.ts
 * without a provider, tests/integration/api-ai.test.ts with one).
 */
export const MALFORMED_JSON = '{"message": "hello",';
/** Well past every AI call's limit (a 2 MB question). */
export const TWO_MB_BODY = JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024), query: 'x', address: 'x' });

/** Each AI function and /api AI route with a body it accepts and one whose fields it refuses. */
export function aiCalls(listingId: string) {
  return {
    functions: [
      { path: 'ai-chat', valid: { message: 'Which listings lack documents?' }, invalid: { message: 42 }, needsProvider: true },
      { path: 'ai-listing-descriptions', valid: { address: '1 Main St' }, invalid: { address: ['1 Main St'] }, needsProvider: true },
      { path: 'ai-workflow-insights', valid: {}, invalid: { agentId: 'not-an-id' }, needsProvider: false },
      { path: 'smart-reminders', valid: { listingId }, invalid: { listingId: 'not-an-id' }, needsProvider: false },
    ],
    routes: [
      { path: 'api/ai/query', valid: { query: 'Which listings lack documents?' }, invalid: { query: 42 }, needsProvider: true },
      { path: 'api/ai/listing-description', valid: { address: '1 Main St' }, invalid: { address: 42 }, needsProvider: true },
      { path: 'api/ai/workflow/generate-insights', valid: {}, invalid: { agentId: 'not-an-id' }, needsProvider: false },
    ],
  };
}
