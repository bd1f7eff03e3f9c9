// POST /databases/docstore on the demo service, over real HTTP.
import { describe, expect, it } from 'vitest';
import { createDocstore, place } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

describe('bodies that are not a JSON object', () => {
  it.each([
    ['not JSON', '{"name":'],
    ['empty {}', '{}'],
  ])('%s answers 400 "Invalid JSON."', async (_, body) => {
    const res = await createDocstore(demo, body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid request.', error: 'Invalid JSON.' });
  });
});

describe('validation', () => {
  it('answers 422 with errors as a plain array of field names', async () => {
    const res = await createDocstore(demo, {
      project_uuid: place(demo).project_uuid,
      environment_name: 'production',
      docstore_conf: 'this is not base64!',
      docstore_initdb_root_username: '9root',
      public_port: 80,
      shards: 3,
    });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Validation failed.');
    expect(Array.isArray(res.json.errors)).toBe(true);
    expect([...res.json.errors].sort()).toEqual(['docstore_conf', 'docstore_initdb_root_username', 'public_port', 'server_uuid', 'shards']);
  });

  it('a missing environment alone gets the message-only 422', async () => {
    const { environment_name: _, ...body } = place(demo);
    const res = await createDocstore(demo, body);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ message: 'You need to provide at least one of environment_name or environment_uuid.' });
  });
});

describe('unknown places', () => {
  it.each([
    ['project', { project_uuid: 'nope' }, 'Project not found.'],
    ['server', { server_uuid: 'nope' }, 'Server not found.'],
    ['environment', { environment_name: 'qa' }, 'Environment not found.'],
  ])('an unknown %s answers 404', async (_, change, message) => {
    const res = await createDocstore(demo, { ...place(demo), ...change });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message });
  });
});

describe('success', () => {
  it('answers 201 with uuid and an internal URL carrying a generated root password', async () => {
    const res = await createDocstore(demo, { ...place(demo), name: 'sessions' });
    expect(res.status).toBe(201);
    expect(res.json.uuid).toMatch(new RegExp(`^${UUID}$`));
    expect(res.json.internal_db_url).toMatch(
      new RegExp(`^docstore://root:[A-Za-z0-9]{32}@${res.json.uuid}:27017/\\?directConnection=true$`),
    );
    expect(res.json).not.toHaveProperty('external_db_url');
  });

  it('each database gets its own password', async () => {
    const a = await createDocstore(demo, place(demo));
    const b = await createDocstore(demo, place(demo));
    const pw = (url: string) => /:([^:@]+)@/.exec(url)?.[1];
    expect(pw(a.json.internal_db_url)).not.toBe(pw(b.json.internal_db_url));
  });

  it('is_public with public_port adds the external URL on the server address', async () => {
    const conf = Buffer.from('net:\n  port: 27017\n').toString('base64');
    const res = await createDocstore(demo, {
      ...place(demo),
      is_public: true,
      public_port: 27020,
      docstore_initdb_root_username: 'admin',
      docstore_conf: conf,
    });
    expect(res.status).toBe(201);
    expect(res.json.internal_db_url).toMatch(/^docstore:\/\/admin:/);
    expect(res.json.external_db_url).toMatch(/^docstore:\/\/admin:[A-Za-z0-9]{32}@203\.0\.113\.10:27020\/\?directConnection=true$/);
  });

  it('is_public without public_port is silently made private, as servers do', async () => {
    const res = await createDocstore(demo, { ...place(demo), is_public: true });
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty('external_db_url');
  });
});
