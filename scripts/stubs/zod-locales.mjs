// dms reads zod issues itself (src/api/schemas/issues.ts) and needs only the default English
// locale, which zod installs on its own; the other locales stay out of the bundle.
export { default as en } from 'zod/v4/locales/en.js';
