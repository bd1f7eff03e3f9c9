// dms never sets got's `cache` option; this stands in for cacheable-request (and keyv) at start-up.
export class CacheError extends Error {}
export default class CacheableRequest {
  constructor() {
    throw new Error('response caching is not used by dms');
  }
}
