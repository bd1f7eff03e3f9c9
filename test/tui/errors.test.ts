// A failed creation as its form shows it (tui/errors.ts describeCreateError): messages under the
// fields they are about, or a line about the request; cleaned, and the token redacted.
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  LocalValidationError,
  NetworkError,
  ServerError,
  UnreadableCreationError,
  ValidationError,
} from '../../src/api/errors.js';
import { APP_FORM } from '../../src/forms/app-form.js';
import { describeCreateError } from '../../src/tui/errors.js';

const redact = (s: string) => s.replaceAll('1|secret', '••••');

describe('describeCreateError', () => {
  it('a 422 puts each message under its field, cleaned and redacted', () => {
    const failure = describeCreateError(
      new ValidationError('Validation failed.', {
        'container_compose_domains.0.name': ['bad \u001b[31mname'],
        limits_cpus: ['token 1|secret is not a CPU count'],
      }),
      APP_FORM,
      {},
      redact,
    );
    expect(failure).toEqual({
      kind: 'fields',
      by: 'server',
      errors: { container_compose_domains: 'bad name', limits_cpus: 'token •••• is not a CPU count' },
    });
  });

  it('a 422 with only a message goes under the field it names, else on the request as a whole', () => {
    expect(describeCreateError(new ValidationError('The environment_name is unknown.', {}), APP_FORM, {})).toEqual({
      kind: 'fields',
      by: 'server',
      errors: { environment_name: 'The environment_name is unknown.' },
    });
    expect(describeCreateError(new ValidationError('Nope.', {}), APP_FORM, {})).toEqual({
      kind: 'fields',
      by: 'server',
      errors: { '(body)': 'Nope.' },
    });
  });

  it('a 409 goes whole under the field that holds the domains: compose domains for a compose build pack', () => {
    const conflict = new ConflictError('Domain in use.', 'Send force_domain_override.');
    expect(describeCreateError(conflict, APP_FORM, { build_pack: 'nixpacks' })).toEqual({
      kind: 'fields',
      by: 'conflict',
      errors: { domains: 'Domain in use. Send force_domain_override.' },
    });
    expect(describeCreateError(conflict, APP_FORM, { build_pack: 'containercompose' })).toEqual({
      kind: 'fields',
      by: 'conflict',
      errors: { container_compose_domains: 'Domain in use. Send force_domain_override.' },
    });
  });

  it("the client's own check names its fields as local problems", () => {
    expect(describeCreateError(new LocalValidationError([{ field: 'git_branch', message: 'is required.' }]), APP_FORM, {})).toEqual({
      kind: 'fields',
      by: 'local',
      errors: { git_branch: 'is required.' },
    });
  });

  it('other failures are a line and a hint; one that may have created it says so', () => {
    expect(describeCreateError(new ServerError(500, 'Boom'), APP_FORM, {})).toEqual({
      kind: 'request',
      message: 'Server error (500): Boom.',
      hint: 'The server failed; try again later.',
      mayHaveCreated: false,
    });
    const lost = describeCreateError(
      new NetworkError('reset', 'The connection was cut after the request was sent.', undefined, true),
      APP_FORM,
      {},
    );
    expect(lost).toMatchObject({ kind: 'request', mayHaveCreated: true });
    const unreadable = describeCreateError(new UnreadableCreationError(201, 'an HTML page', 'application', '<html>'), APP_FORM, {});
    expect(unreadable).toMatchObject({
      kind: 'request',
      mayHaveCreated: true,
      message: expect.stringMatching(/^The application was created \(201\)/),
    });
    expect(describeCreateError(new Error('bug with 1|secret\nin it'), APP_FORM, {}, redact)).toEqual({
      kind: 'request',
      message: 'bug with •••• in it',
      hint: '',
      mayHaveCreated: false,
    });
  });
});
