/**
 * Functions service of the local stack (placeholder: answers 501 until built).
 */
import { applyCors, sendJson } from '../gateway/http.ts';
import type { GatewayService, ServiceContext } from '../gateway/types.ts';

/** Paths under the prefix served without an API key. */
export const FUNCTIONS_OPEN_PATHS: RegExp[] = [];

export async function createFunctionsService(_ctx: ServiceContext): Promise<GatewayService> {
  return {
    async handle(req, res) {
      applyCors(req, res);
      sendJson(res, 501, { message: 'functions is not implemented yet in the local stack' });
    },
  };
}
