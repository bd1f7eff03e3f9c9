// Application creation from a public git repository (interface.md §2.2, §2.3),
// with the required fields and value rules of service-behaviour.md.
import { z } from 'zod';
import {
  BUILD_PACKS,
  HEALTH_CHECK_METHODS,
  HEALTH_CHECK_SCHEMES,
  REDIRECTS,
  commitSha,
  cpus,
  cpuset,
  identifier,
  int,
  memory,
  portList,
  portMappings,
  portString,
  repositoryUrl,
  required,
  text,
  urlList,
} from './rules.js';
import { CREATE_APP_REQUIRED } from './constants.js';

export const ComposeDomainSchema = z.strictObject({
  name: required(),
  domain: urlList().optional(),
  redirect: z.enum(REDIRECTS).optional(),
});

export const CreateAppShape = {
  project_uuid: identifier(),
  server_uuid: identifier(),
  environment_name: text(),
  environment_uuid: identifier(),
  destination_uuid: identifier(),
  git_repository: repositoryUrl(),
  git_branch: required(),
  git_commit_sha: commitSha(),
  build_pack: z.enum(BUILD_PACKS),
  ports_exposes: portList(),
  ports_mappings: portMappings(),
  name: text(),
  description: text(),
  domains: urlList(),
  container_registry_image_name: text(),
  container_registry_image_tag: text(),
  static_image: text(),
  install_command: text(),
  build_command: text(),
  start_command: text(),
  base_directory: text(),
  publish_directory: text(),
  watch_paths: text(),
  health_check_path: text(),
  health_check_port: portString(),
  health_check_host: text(),
  health_check_method: z.enum(HEALTH_CHECK_METHODS),
  health_check_scheme: z.enum(HEALTH_CHECK_SCHEMES),
  health_check_response_text: text(),
  health_check_return_code: int(100, 599),
  health_check_interval: int(0),
  health_check_timeout: int(0),
  health_check_retries: int(0),
  health_check_start_period: int(0),
  limits_memory: memory(),
  limits_memory_swap: memory(),
  limits_memory_reservation: memory(),
  limits_cpus: cpus(),
  limits_cpuset: cpuset(),
  limits_memory_swappiness: int(0, 100),
  limits_cpu_shares: int(0),
  custom_labels: text(),
  custom_container_run_options: text(),
  redirect: z.enum(REDIRECTS),
  post_deployment_command: text(),
  post_deployment_command_container: text(),
  pre_deployment_command: text(),
  pre_deployment_command_container: text(),
  manual_webhook_secret_provider_a: text(),
  manual_webhook_secret_provider_b: text(),
  manual_webhook_secret_provider_c: text(),
  manual_webhook_secret_provider_d: text(),
  containerfile: text(),
  container_compose_location: text(),
  container_compose_raw: text(),
  container_compose_custom_start_command: text(),
  container_compose_custom_build_command: text(),
  container_compose_domains: z.array(ComposeDomainSchema),
  http_basic_auth_username: text(),
  http_basic_auth_password: text(),
  is_static: z.boolean(),
  health_check_enabled: z.boolean(),
  instant_deploy: z.boolean(),
  use_build_server: z.boolean(),
  is_http_basic_auth_enabled: z.boolean(),
  connect_to_container_network: z.boolean(),
  force_domain_override: z.boolean(),
} as const;

export { CREATE_APP_REQUIRED };
export type CreateAppField = keyof typeof CreateAppShape;
export const CREATE_APP_FIELDS = Object.keys(CreateAppShape) as CreateAppField[];

const optionalShape = Object.fromEntries(
  Object.entries(CreateAppShape).map(([k, v]) => [k, (CREATE_APP_REQUIRED as readonly string[]).includes(k) ? v : v.optional()]),
) as {
  [K in CreateAppField]: K extends (typeof CREATE_APP_REQUIRED)[number]
    ? (typeof CreateAppShape)[K]
    : z.ZodOptional<(typeof CreateAppShape)[K]>;
};

export const CreateAppRequestSchema = z.strictObject(optionalShape);
export type CreateAppRequest = z.infer<typeof CreateAppRequestSchema>;

export const CreateAppResponseSchema = z.looseObject({
  uuid: z.string().min(1),
  domains: z.string().nullish(),
});
export type CreateAppResponse = z.infer<typeof CreateAppResponseSchema>;
