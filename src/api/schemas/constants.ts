// The creation requests' constants, zod-free: the choices of enum fields and the required fields.
// The schemas (rules.ts, create-*.ts), the forms' field tables and the flag parser all read them;
// loading this loads no zod (the argument parser runs for every command).
export const BUILD_PACKS = ['nixpacks', 'static', 'containerfile', 'containercompose', 'railpack'] as const;
export const REDIRECTS = ['www', 'non-www', 'both'] as const;
export const HEALTH_CHECK_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
export const HEALTH_CHECK_SCHEMES = ['http', 'https'] as const;

/** Required by the application request (besides one of environment_name / environment_uuid). */
export const CREATE_APP_REQUIRED = ['project_uuid', 'server_uuid', 'git_repository', 'git_branch', 'build_pack'] as const;
/** Required by the docstore request (besides one of environment_name / environment_uuid). */
export const DOCSTORE_REQUIRED = ['server_uuid', 'project_uuid'] as const;
