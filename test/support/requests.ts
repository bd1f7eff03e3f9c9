// The smallest valid bodies of the two creations (interface.md §2.2, §2.3), for tests that send one.
import type { CreateAppRequest, CreateDocstoreRequest } from '../../src/api/schemas/index.js';

export const MIN_APP: CreateAppRequest = {
  project_uuid: 'proj-1',
  server_uuid: 'srv-1',
  environment_name: 'production',
  git_repository: 'https://github.com/owner/repo',
  git_branch: 'main',
  build_pack: 'nixpacks',
};

export const MIN_DOCSTORE: CreateDocstoreRequest = { project_uuid: 'proj-1', server_uuid: 'srv-1', environment_name: 'production' };
