// Deno entry script of one Edge Function worker (run by stack/functions/workers.ts).
//
// Plain JavaScript on purpose: the Node tsconfig type-checks every .ts file under
// stack/, and this file only makes sense with Deno's globals.
//
// Usage: deno run <permissions> deno-entry.js <function module URL> <function name> <marker>
//
// A function written for Supabase calls `Deno.serve(handler)` and expects the
// platform to route requests to it. Here `Deno.serve` is patched so that the
// function listens on a free loopback port instead of whatever it asked for;
// the port (or the reason the function could not boot) is reported to the
// stack as one stdout line starting with <marker>, which the stack strips from
// the function's log.

const [entryUrl, functionName, marker] = Deno.args;

/** One line for the stack; everything else on stdout/stderr is the function's log. */
function tell(message) {
  console.log(`${marker} ${JSON.stringify(message)}`);
}

function describe(error) {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

// Supabase's runtime offers EdgeRuntime.waitUntil for background work after the
// response; without this shim such functions would throw a ReferenceError locally.
if (!('EdgeRuntime' in globalThis)) {
  globalThis.EdgeRuntime = {
    waitUntil(promise) {
      Promise.resolve(promise).catch((error) => console.error(`[${functionName}] EdgeRuntime.waitUntil task failed: ${describe(error)}`));
    },
  };
}

// The stack holds our stdin open; EOF means it is gone (even if it was killed
// with SIGKILL and could not stop us), so leave instead of lingering as an orphan.
(async () => {
  try {
    for await (const _chunk of Deno.stdin.readable) {
      /* nothing is ever sent */
    }
  } catch {
    /* stdin unusable: same conclusion */
  }
  Deno.exit(0);
})();

const realServe = Deno.serve.bind(Deno);
let served = false;

Deno.serve = function serve(first, second) {
  let options = {};
  let handler;
  if (typeof first === 'function') handler = first;
  else if (typeof second === 'function') [options, handler] = [first ?? {}, second];
  else [options, handler] = [first ?? {}, first?.handler];
  if (typeof handler !== 'function') throw new TypeError('Deno.serve was called without a handler');
  // One worker per function: a second server would be unreachable, so say so loudly.
  if (served) throw new Error('Deno.serve was called twice; the local stack routes each function to one server');
  served = true;

  // Like the hosted runtime, an exception in the handler becomes a 500 JSON
  // answer (and a log line) instead of killing the worker; a user onError wins.
  const guarded = async (request, info) => {
    try {
      return await handler(request, info);
    } catch (error) {
      console.error(`[${functionName}] uncaught error in the handler: ${describe(error)}`);
      if (typeof options.onError === 'function') return await options.onError(error);
      return Response.json(
        { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)', error: describe(error) },
        { status: 500 },
      );
    }
  };

  return realServe(
    {
      // The port and address a function asks for are meaningless behind the gateway.
      hostname: '127.0.0.1',
      port: 0,
      signal: options.signal,
      onListen: ({ port }) => tell({ type: 'listening', port }),
    },
    guarded,
  );
};

try {
  await import(entryUrl);
} catch (error) {
  tell({ type: 'boot-error', error: describe(error) });
  Deno.exit(1);
}

// Some functions call Deno.serve after asynchronous setup without top-level
// await; give them a moment before declaring the boot failed.
if (!served) {
  setTimeout(() => {
    if (served) return;
    tell({ type: 'boot-error', error: `${functionName} did not call Deno.serve(handler) within 5 s of loading` });
    Deno.exit(1);
  }, 5000);
}
