// The seeded application with the long history: a monorepo's CI deploys it on every push, every
// pull request and every release for years — 50,000 deployments, made on demand
// (generated-history.ts), each with a short log, so reading all of them is ~100 MB, not gigabytes.
import type { AppDefinition } from './app-definition.js';

export const MONOREPO_CI = '6f3d8b2a-4c1e-4a97-b5d0-e2c9a7f41b86';

const SUBJECTS = [
  'ci: cache the pnpm store between jobs',
  'fix(api): return 409 when the slug is taken',
  'feat(web): saved searches',
  'chore: bump turbo to the latest minor',
  'fix(worker): retry S3 uploads on 503',
  'feat(api): cursor pagination for /events',
  'refactor(shared): move date helpers to @acme/time',
  "docs: how to run one package's tests",
  'test(web): flaky checkout e2e',
  'perf(api): index events by (tenant_id, created_at)',
  'fix(web): focus ring on the search field',
  'feat(billing): proration preview',
  'chore(deps): update dependency typescript to v5.6.3',
  'build: split the web bundle per route',
  'fix(auth): refresh tokens one minute early',
  'feat(admin): export tenants as CSV',
  'revert: "perf(api): batch event writes"',
  'fix(worker): do not ack poison messages',
  'ci: run affected packages only',
  'feat(web): dark mode for the dashboard',
  'chore: remove the legacy jobs package',
  'fix(api): time zones in the weekly report',
  'feat(notifications): digest emails',
  'fix(web): hydration warning on /settings',
  'build(docker): multi-stage image for the worker',
  'feat(api): webhooks v2 with signatures',
  'fix(billing): rounding of tax lines',
  'chore: nightly dependency updates',
  'feat(search): typo tolerance',
  'fix(ci): pin the node image by digest',
  'Hotfix: rate limiter counted retries twice',
  'Release prep: changelog and version bumps',
];

const BODIES = [
  'Closes #4410',
  'Co-authored-by: Robin Example <robin@example.com>',
  'Measured on staging: p95 down from 380 ms to 120 ms.',
  'Signed-off-by: release-bot <release@example.com>',
  'Only the packages touched by the change are built and tested now.\nFull runs stay on main.',
];

const TOPICS = [
  'saved-searches',
  'billing-proration',
  'webhooks-v2',
  'dark-mode',
  'tenant-export',
  'search-typos',
  'digest-emails',
  'cursor-pagination',
  'pnpm-cache',
  'flaky-e2e',
  'time-zones',
  'retry-uploads',
  'token-refresh',
  'route-bundles',
  'audit-log',
  'sso-okta',
  'rate-limits',
  'onboarding-checklist',
  'csv-import',
  'feature-flags',
];

export const MONOREPO_CI_APP: AppDefinition = {
  uuid: MONOREPO_CI,
  name: 'monorepo-ci',
  shape: 'queue',
  environmentUuid: 'c6b0e4a8-2f5d-4c1b-a03e-7d9f1b4c6e82',
  serverUuid: '9e5a1c7d-3f8b-4d2e-b6a0-4c9e7f1d3b58',
  fields: {
    description: 'The platform monorepo: web, api and workers, deployed by CI',
    fqdn: 'https://app.acme.example',
    git_repository: 'https://code.example.com/acme/platform',
    git_full_url: 'https://code.example.com/acme/platform.git',
    build_pack: 'containerfile',
    ports_exposes: '3000',
    limits_memory: '2g',
  },
  generated: {
    count: 50_000,
    days: 3 * 365 + 80,
    firstId: 137_413,
    repo: 'acme/platform',
    subjects: SUBJECTS,
    bodies: BODIES,
    topics: TOPICS,
  },
};
