// Two seeded applications whose deployment records have the other shapes: orders-worker answers
// with rows of the deployment queue (what most deployed servers send), status-page with records
// that mix the settings snapshot and the queue row (service-behaviour.md).
import type { AppDefinition } from './app-definition.js';

export const ORDERS_WORKER = '4b7e0d2c-91a6-4f3b-8c5d-2e1f0a9b7c63';
export const STATUS_PAGE = 'a92f5c17-3d8e-4b60-9f21-c4e7b8d05a39';

const WORKER_MESSAGES = [
  'Retry failed webhooks with backoff',
  'Bump pg from 8.11.3 to 8.12.0',
  'Process refunds in batches of 50',
  'Fix duplicate order emails on retry',
  'Log the job id with every line',
  'Drop the legacy invoice queue',
  'Make the payment capture idempotent',
  'Raise the visibility timeout to 5 minutes',
  'Alert when the queue backs up',
  'Revert "Process refunds in batches of 50"',
  'Add a dead-letter queue for poison messages',
];

const WORKER_BODIES = [
  'A provider outage made every webhook fail once and never again.\nNow: 5 tries, 2^n seconds apart.',
  'The capture call could run twice when the worker restarted mid-job.\nIt now checks the payment state first.',
  'Co-authored-by: Sam Example <sam@example.com>',
  'Refs #88',
];

const STATUS_MESSAGES = [
  'Show the incident history for 90 days',
  'Add the API latency chart',
  'Fix the dark-mode colours of the banner',
  'Announce maintenance on 2026-09-01',
  'Translate the subscribe form',
];

export const ORDERS_WORKER_APP: AppDefinition = {
  uuid: ORDERS_WORKER,
  name: 'orders-worker',
  shape: 'queue',
  environmentUuid: 'a4f8c2e6-0d3b-4a9f-8e1c-5b7d9f2a4c60',
  serverUuid: '2c8e4a6f-9b1d-4f3e-a5c7-8d0b2e4f6a13',
  fields: {
    description: 'Background jobs: payments, refunds, emails',
    git_repository: 'https://code.example.com/acme/orders-worker',
    git_full_url: 'https://code.example.com/acme/orders-worker.git',
    build_pack: 'containerfile',
    ports_exposes: null,
    start_command: 'node dist/worker.js',
    limits_memory: '768m',
  },
  // Huge build logs: two finished, one failed late; none on the first page.
  bigLogs: [12, 22, 37],
  plan: {
    count: 64,
    days: 30,
    branches: [
      ['main', 70],
      ['develop', 12],
      ['feature/retry-backoff', 9],
      ['fix/idempotent-capture', 9],
    ],
    messages: WORKER_MESSAGES,
    bodies: WORKER_BODIES,
    active: ['in_progress'],
    failed: 0.15,
    cancelled: 0.05,
    upgradedDaysAgo: 30,
  },
};

export const STATUS_PAGE_APP: AppDefinition = {
  uuid: STATUS_PAGE,
  name: 'status-page',
  shape: 'mixed',
  environmentUuid: 'c6b0e4a8-2f5d-4c1b-a03e-7d9f1b4c6e82',
  serverUuid: '9e5a1c7d-3f8b-4d2e-b6a0-4c9e7f1d3b58',
  fields: {
    description: 'Public status page',
    fqdn: 'https://status.example.com',
    git_repository: 'https://code.example.com/acme/status-page',
    git_full_url: 'https://code.example.com/acme/status-page.git',
    build_pack: 'static',
    static_image: 'nginx:alpine',
    install_command: 'npm ci',
    build_command: 'npm run build',
    ports_exposes: '80',
    publish_directory: '/dist',
    custom_labels:
      'proxy.enable=true\nproxy.http.routers.status.tls.certresolver=letsencrypt\nproxy.http.middlewares.status-cache.headers.customresponseheaders.Cache-Control=max-age=60',
    limits_memory: '128m',
    redirect: 'non-www',
  },
  plan: {
    count: 26,
    days: 20,
    branches: [['main', 100]],
    messages: STATUS_MESSAGES,
    bodies: WORKER_BODIES,
    failed: 0.1,
    cancelled: 0.04,
    upgradedDaysAgo: 10,
    changes: [
      { newest: 4, before: { limits_memory: '64m' } },
      { newest: 11, before: { custom_labels: 'proxy.enable=true\nproxy.http.routers.status.tls.certresolver=letsencrypt' } },
      { newest: 18, before: { publish_directory: '/public', build_command: 'npm run export' } },
    ],
  },
};
