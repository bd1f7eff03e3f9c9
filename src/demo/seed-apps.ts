// The seeded applications: what each one is, and what its deployment history looks like.
// Over 300 lines: seed data.
import type { AppDefinition } from './app-definition.js';
import { MONOREPO_CI_APP } from './seed-apps-big.js';
import { ORDERS_WORKER_APP, STATUS_PAGE_APP } from './seed-apps-shapes.js';

export const SHOP_FRONTEND = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
export const SHOP_API = '8d4b6e21-0f3a-4b9c-b7e2-91c5a0d3f468';
export const ADMIN_STACK = 'c1e7f935-2a6d-4f08-8b3c-6e9d4a2b7f10';
export const DOCS_SITE = '5a92d0c4-e8b1-4d7f-a365-0b7c1e4f9d82';
export const LANDING_PAGE = 'e6b3a178-9c4f-4e2d-b051-7f8a2c6d3e94';

const API_CONTAINERFILE = `FROM node:20-alpine AS build
WORKDIR /app
COPY package*.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-alpine AS production
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/dist ./dist
COPY --from=build /app/node_modules ./node_modules
EXPOSE 8000
CMD ["node", "dist/server.js"]
`;

const ADMIN_COMPOSE_RAW = `services:
  web:
    image: registry.example.com/acme/admin:1.8.2
    environment:
      - DATABASE_HOST=db
      - DATABASE_PASSWORD=\${SERVICE_PASSWORD_DB}
    depends_on:
      - db
  db:
    image: postgres:16.4
    volumes:
      - db-data:/var/lib/postgresql/data
volumes:
  db-data:
`;

const ADMIN_COMPOSE = `services:
  web:
    image: 'registry.example.com/acme/admin:1.8.2'
    environment:
      - DATABASE_HOST=db
      - 'DATABASE_PASSWORD=\${SERVICE_PASSWORD_DB}'
    depends_on:
      - db
    networks:
      c1e7f935: null
    labels:
      - proxy.enable=true
      - 'proxy.http.routers.web.rule=Host(\`admin.internal.example.net\`)'
  db:
    image: 'postgres:16.4'
    volumes:
      - 'c1e7f935_db-data:/var/lib/postgresql/data'
    networks:
      c1e7f935: null
volumes:
  c1e7f935_db-data:
    name: c1e7f935_db-data
networks:
  c1e7f935:
    name: c1e7f935
    external: true
`;

const FRONTEND_MESSAGES = [
  'Fix rounding of VAT in cart totals',
  'Add product image zoom on hover',
  'Bump vite from 5.4.2 to 5.4.8',
  'Refactor checkout form validation',
  'Show delivery estimate on product page',
  'Merge pull request #214 from acme/feature/checkout-redesign',
  'Translate footer links (de, fr)',
  'Lazy-load the recommendations carousel',
  'Revert "Switch to the new payment widget"',
  'Add 🛒 badge to the cart icon',
  'Cache category pages for 60 s',
  'Fix layout shift in the header on mobile',
  'Update privacy policy link',
  'Track add-to-cart events',
  'Remove unused polyfills',
  'Sort search results by relevance by default',
  'Fix coupon field losing focus',
];

const API_MESSAGES = [
  'Add /healthz endpoint',
  'Paginate the orders endpoint',
  'Fix N+1 query in order items',
  'Bump node base image to 20.17',
  'Rate-limit login attempts',
  'Add index on orders.created_at',
  'Return 404 for unknown SKUs',
  'Log request ids',
];

const ADMIN_MESSAGES = ['Pin postgres to 16.4', 'Expose metrics on :9100', 'Add queue depth dashboard', 'Rotate admin users'];

const DOCS_MESSAGES = ['Document the deployments API', 'Fix broken links in getting started', 'Add search'];

/** Bodies under some commit subjects. */
export const COMMIT_BODIES = [
  'The old code path is kept behind a flag until the next release.',
  'Reported by support: customers saw the wrong total after applying a coupon.\nAdds a regression test.',
  'Co-authored-by: Dana Example <dana@example.com>',
  'Measured on staging: p95 down from 420 ms to 160 ms.\n\nRefs #311',
  'Signed-off-by: ci-bot <ci@example.com>',
];

/** The shop API's Containerfile before the Node 20 upgrade. */
const API_CONTAINERFILE_NODE18 = API_CONTAINERFILE.replace(/node:20-alpine/g, 'node:18-alpine').replace(
  'RUN npm ci\n',
  'RUN npm ci --omit=dev\n',
);

/** The admin compose file before postgres was pinned. */
const ADMIN_COMPOSE_RAW_OLD = ADMIN_COMPOSE_RAW.replace('image: postgres:16.4', 'image: postgres:16');

export const APP_DEFINITIONS: readonly AppDefinition[] = [
  {
    uuid: SHOP_FRONTEND,
    name: 'shop-frontend',
    environmentUuid: 'a4f8c2e6-0d3b-4a9f-8e1c-5b7d9f2a4c60',
    serverUuid: '2c8e4a6f-9b1d-4f3e-a5c7-8d0b2e4f6a13',
    fields: {
      repository_project_id: 603811422,
      description: 'Customer-facing storefront',
      fqdn: 'https://shop.example.com,https://www.shop.example.com',
      git_repository: 'https://code.example.com/acme/shop-frontend',
      git_full_url: 'https://code.example.com/acme/shop-frontend.git',
      container_registry_image_name: 'registry.example.com/acme/shop-frontend',
      container_registry_image_tag: 'latest',
      install_command: 'npm ci',
      build_command: 'npm run build',
      start_command: 'npm run start -- --port 3000',
      ports_exposes: '3000',
      ports_mappings: '8080:3000',
      custom_network_aliases: 'storefront,shop-web',
      publish_directory: '/.next',
      health_check_enabled: true,
      health_check_path: '/api/health',
      health_check_port: '3000',
      health_check_response_text: 'ok',
      health_check_interval: 10,
      health_check_retries: 3,
      health_check_start_period: 20,
      limits_memory: '1g',
      limits_memory_swap: '2g',
      limits_memory_reservation: '512m',
      limits_cpus: '1.5',
      limits_cpuset: '0-1',
      preview_url_template: '{{pr_id}}.preview.shop.example.com',
      source_id: 1,
      private_key_id: 2,
      custom_labels:
        'proxy.enable=true\nproxy.http.middlewares.shop-gzip.compress=true\nproxy.http.routers.shop.tls.certresolver=letsencrypt',
      manual_webhook_secret_provider_a: 'whsec_5f1b9c0e7a2d4e6f8b3c1a9d',
      manual_webhook_secret_provider_c: 'glsec_e29a7c41b8d03f56',
      cluster_replicas: 2,
      cluster_placement_constraints: 'node.labels.zone==fra',
      custom_container_run_options: '--ulimit nofile=65535:65535 --init',
      post_deployment_command: 'npm run cache:warm',
      post_deployment_command_container: 'shop-frontend',
      pre_deployment_command: 'npm run check:env',
      pre_deployment_command_container: 'shop-frontend',
      watch_paths: 'src/**\npublic/**\npackage.json',
      redirect: 'non-www',
      custom_proxy_configuration: 'http:\n  middlewares:\n    shop-gzip:\n      compress: true\n',
      is_http_basic_auth_enabled: true,
      http_basic_auth_username: 'preview',
      http_basic_auth_password: 'Tr0ub4dor-shop-2026',
    },
    // One huge build log (finished), well past the first page.
    bigLogs: [23],
    plan: {
      count: 137,
      days: 42,
      branches: [
        ['main', 55],
        ['develop', 20],
        ['feature/checkout-redesign', 8],
        ['feature/product-reviews', 6],
        ['feature/dark-mode', 6],
        ['fix/currency-rounding', 5],
      ],
      messages: FRONTEND_MESSAGES,
      bodies: COMMIT_BODIES,
      active: ['queued', 'in_progress'],
      failed: 0.12,
      cancelled: 0.05,
      upgradedDaysAgo: 18,
      // Memory raised twice, a domain added, the build command and the webhook secret changed.
      changes: [
        { newest: 6, before: { limits_memory: '512m', limits_memory_swap: '1g' } },
        { newest: 17, before: { fqdn: 'https://shop.example.com' } },
        { newest: 24, before: { build_command: 'next build' } },
        { newest: 33, before: { manual_webhook_secret_provider_a: 'whsec_0a7d3e9c21b84f65a0c9e2b1' } },
        { newest: 70, before: { limits_memory: '256m', limits_cpus: '1' } },
      ],
    },
  },
  {
    uuid: SHOP_API,
    name: 'shop-api',
    environmentUuid: 'a4f8c2e6-0d3b-4a9f-8e1c-5b7d9f2a4c60',
    serverUuid: '2c8e4a6f-9b1d-4f3e-a5c7-8d0b2e4f6a13',
    fields: {
      description: 'Orders, catalogue and checkout API',
      fqdn: 'https://api.shop.example.com',
      git_repository: 'https://code.example.com/acme/shop-api',
      git_full_url: 'https://code.example.com/acme/shop-api.git',
      build_pack: 'containerfile',
      ports_exposes: '8000',
      health_check_enabled: true,
      health_check_path: '/healthz',
      health_check_port: '8000',
      health_check_response_text: 'OK',
      limits_memory: '512m',
      limits_memory_swap: '1g',
      limits_memory_reservation: '256m',
      limits_cpus: '1',
      containerfile: API_CONTAINERFILE,
      containerfile_target_build: 'production',
      manual_webhook_secret_provider_b: 'bbsec_71d0c93e4a5f2b86',
      pre_deployment_command: 'node dist/migrate.js',
      pre_deployment_command_container: 'shop-api',
      watch_paths: 'src/**\nContainerfile',
      redirect: 'both',
    },
    plan: {
      count: 12,
      days: 24,
      branches: [
        ['main', 80],
        ['develop', 20],
      ],
      messages: API_MESSAGES,
      bodies: COMMIT_BODIES,
      failed: 0.15,
      cancelled: 0.08,
      upgradedDaysAgo: 18,
      changes: [
        { newest: 3, before: { limits_memory: '256m' } },
        { newest: 6, before: { containerfile: API_CONTAINERFILE_NODE18 } },
        { newest: 9, before: { health_check_path: '/health' } },
      ],
    },
  },
  {
    uuid: ADMIN_STACK,
    name: 'admin-stack',
    environmentUuid: 'd7c1f5b9-3a6e-4d2c-b14f-8e0a2c5d7f93',
    serverUuid: '9e5a1c7d-3f8b-4d2e-b6a0-4c9e7f1d3b58',
    fields: {
      description: 'Internal admin panel with its database',
      git_repository: 'https://code.example.com/acme/admin-stack',
      git_full_url: 'https://code.example.com/acme/admin-stack.git',
      build_pack: 'containercompose',
      ports_exposes: null,
      container_compose_location: '/compose.yaml',
      container_compose_raw: ADMIN_COMPOSE_RAW,
      container_compose: ADMIN_COMPOSE,
      container_compose_domains: '{"web":{"domain":"https://admin.internal.example.net"},"db":{"domain":null}}',
      container_compose_custom_start_command: 'compose -f ./compose.yaml up -d',
      container_compose_custom_build_command: 'compose -f ./compose.yaml build --pull',
      is_http_basic_auth_enabled: false,
    },
    plan: {
      count: 6,
      days: 30,
      branches: [['main', 100]],
      messages: ADMIN_MESSAGES,
      failed: 0.2,
      cancelled: 0,
      upgradedDaysAgo: 18,
      changes: [{ newest: 2, before: { container_compose_raw: ADMIN_COMPOSE_RAW_OLD } }],
    },
  },
  {
    uuid: DOCS_SITE,
    name: 'docs-site',
    environmentUuid: 'c6b0e4a8-2f5d-4c1b-a03e-7d9f1b4c6e82',
    serverUuid: '9e5a1c7d-3f8b-4d2e-b6a0-4c9e7f1d3b58',
    fields: {
      description: 'Product documentation',
      fqdn: 'https://docs.example.org,https://www.docs.example.org',
      git_repository: 'https://code.example.com/acme/docs-site',
      git_full_url: 'https://code.example.com/acme/docs-site.git',
      build_pack: 'static',
      static_image: 'nginx:alpine',
      install_command: 'npm ci',
      build_command: 'npm run build',
      ports_exposes: '80',
      publish_directory: '/build',
      redirect: 'www',
    },
    plan: {
      count: 3,
      days: 10,
      branches: [['main', 100]],
      messages: DOCS_MESSAGES,
      failed: 0,
      cancelled: 0,
      upgradedDaysAgo: 18,
    },
  },
  {
    uuid: LANDING_PAGE,
    name: 'landing-page',
    environmentUuid: 'b5a9d3f7-1e4c-4b0a-9f2d-6c8e0a3b5d71',
    serverUuid: '2c8e4a6f-9b1d-4f3e-a5c7-8d0b2e4f6a13',
    fields: {
      description: 'Marketing landing page (not deployed yet)',
      fqdn: 'https://staging.landing.example.com',
      git_repository: 'https://code.example.com/acme/landing-page',
      git_full_url: 'https://code.example.com/acme/landing-page.git',
    },
  },
  ORDERS_WORKER_APP,
  STATUS_PAGE_APP,
  // Last, so the picker's order of the others stays.
  MONOREPO_CI_APP,
];
