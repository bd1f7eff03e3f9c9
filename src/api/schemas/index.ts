export * from './deployment.js';
export * from './deployment-page.js';
export * from './create-app.js';
export * from './create-docstore.js';
export * from './issues.js';
export { BUILD_PACKS, REDIRECTS, HEALTH_CHECK_METHODS, HEALTH_CHECK_SCHEMES, isBase64, isHttpUrl, isRepositoryUrl } from './rules.js';
export * from './validate.js';
