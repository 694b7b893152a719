import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * zod's functional build (`zod/mini`), which Lambdas import instead of classic `zod`: the same parser and
 * checks, without the dozens of methods classic attaches to every schema it builds (import time, bundle
 * size). Unlike classic zod it loads no locale, so an issue without a message of its own would read just
 * "Invalid input"; the English one classic uses is installed here, before any schema parses. Schemas
 * import it as `import * as z from ".../validation/zod-mini.js"`, never `zod/mini` directly, and never
 * pass the namespace around as a value (a bundler then keeps all of zod).
 */
config(en());

export * from "zod/mini";
