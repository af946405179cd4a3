/**
 * In the browser, zod must not compile its fast object parsers with `new Function`: the Content Security Policy
 * allows no eval (lib/security/csp.ts), and zod's probe for it alone raises a violation report. Setting zod's global
 * `jitless` before the first parse (the object zod reads its configuration from, created here if zod has not loaded
 * yet) keeps it on the interpreted path, which is what a strict CSP gets anyway. Imported once, by ClientGuards on
 * every page, without importing zod itself (page weight). The server keeps the compiled parsers.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

if (typeof window !== 'undefined') {
  const g = globalThis as ZodGlobal;
  g.__zod_globalConfig ??= {};
  g.__zod_globalConfig.jitless = true;
}

export {};
