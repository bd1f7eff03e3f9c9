// Error bodies as deployed servers send them (service-behaviour.md "Errors seen").
import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../src/api/error-body.js';

const body = (v: unknown) => readErrorBody(JSON.stringify(v));

describe('readErrorBody: the three `errors` shapes', () => {
  it('reads an array of messages per field', () => {
    expect(
      body({
        message: 'Validation failed.',
        errors: { git_branch: ['The git branch field is required.'], domains: ['First.', 'Second.'] },
      }),
    ).toEqual({
      json: true,
      message: 'Validation failed.',
      warning: undefined,
      fields: { git_branch: ['The git branch field is required.'], domains: ['First.', 'Second.'] },
    });
  });

  it('reads a single string per field', () => {
    expect(body({ message: 'Validation failed.', errors: { name: 'The name is too long.' } }).fields).toEqual({
      name: ['The name is too long.'],
    });
  });

  it('reads a plain array of field names (docstore), each marked invalid', () => {
    expect(body({ message: 'Validation failed.', errors: ['public_port', 'docstore_conf'] }).fields).toEqual({
      public_port: ['is invalid.'],
      docstore_conf: ['is invalid.'],
    });
  });

  it('reads the shapes mixed in one body', () => {
    expect(body({ errors: { a: ['x'], b: 'y', c: 3, d: { nested: 'z' }, e: null } }).fields).toEqual({
      a: ['x'],
      b: ['y'],
      c: ['is invalid.'],
      d: ['is invalid.'],
      e: ['is invalid.'],
    });
  });

  it('keeps only the strings of a message array', () => {
    expect(body({ errors: { a: ['x', 1, null, 'y'] } }).fields).toEqual({ a: ['x', 'y'] });
  });

  it('marks a field invalid when its message array has no message', () => {
    expect(body({ errors: { a: [], b: [1] } }).fields).toEqual({ a: ['is invalid.'], b: ['is invalid.'] });
  });

  it('skips entries of a field-name array that are not strings', () => {
    expect(body({ errors: ['a', 1, null, { b: 1 }] }).fields).toEqual({ a: ['is invalid.'] });
  });

  it('lists a field named __proto__, constructor or toString like any other (read as text, not set as a prototype)', () => {
    const read = readErrorBody(
      '{"errors":{"__proto__":["proto is bad."],"constructor":"ctor is bad.","toString":["ts is bad."],"name":["x"]}}',
    );
    expect(Object.keys(read.fields)).toEqual(['__proto__', 'constructor', 'toString', 'name']);
    expect(Object.entries(read.fields)).toEqual([
      ['__proto__', ['proto is bad.']],
      ['constructor', ['ctor is bad.']],
      ['toString', ['ts is bad.']],
      ['name', ['x']],
    ]);
    expect(readErrorBody('{"errors":["__proto__","valueOf"]}').fields).toEqual(
      Object.assign(Object.create(null), {
        ['__proto__']: ['is invalid.'],
        valueOf: ['is invalid.'],
      }),
    );
    expect(Object.keys(readErrorBody('{"errors":["__proto__","valueOf"]}').fields)).toEqual(['__proto__', 'valueOf']);
  });

  it('reads the unknown-field message', () => {
    expect(body({ message: 'Validation failed.', errors: { foo: ['This field is not allowed.'] } }).fields).toEqual({
      foo: ['This field is not allowed.'],
    });
  });
});

describe('readErrorBody: messages without fields', () => {
  it('reads a 422 with a message and no errors', () => {
    expect(body({ message: 'You need to provide at least one of environment_name or environment_uuid.' })).toEqual({
      json: true,
      message: 'You need to provide at least one of environment_name or environment_uuid.',
      warning: undefined,
      fields: {},
    });
  });

  it('reads the 422 of an invalid take', () => {
    const read = body({ message: 'The take field must be at least 1.', errors: { take: ['The take field must be at least 1.'] } });
    expect(read.message).toBe('The take field must be at least 1.');
    expect(read.fields).toEqual({ take: ['The take field must be at least 1.'] });
  });

  it('prefers message over error, and falls back to error', () => {
    expect(body({ message: 'Invalid request.', error: 'Invalid JSON.' }).message).toBe('Invalid request.');
    expect(body({ error: 'Invalid JSON.' }).message).toBe('Invalid JSON.');
  });

  it('reads the 409 warning', () => {
    const read = body({ message: 'Domain conflicts detected.', warning: 'app.example.com is used by another resource.' });
    expect(read.warning).toBe('app.example.com is used by another resource.');
  });

  it('reads the 403 {"success":true,"message":...} shape as a message', () => {
    expect(body({ success: true, message: 'You are not allowed to access the API.' }).message).toBe(
      'You are not allowed to access the API.',
    );
  });

  it('ignores a message or warning that is not text', () => {
    const read = body({ message: 5, warning: ['w'], errors: 'oops' });
    expect(read).toEqual({ json: true, message: undefined, warning: undefined, fields: {} });
  });

  it('reads an empty object', () => {
    expect(body({})).toEqual({ json: true, message: undefined, warning: undefined, fields: {} });
  });
});

describe('readErrorBody: bodies that are not a JSON object', () => {
  it.each([
    ['an HTML page', '<!DOCTYPE html><html><body>Server Error</body></html>'],
    ['an empty body', ''],
    ['truncated JSON', '{"message": "Server'],
    ['plain text', 'Too Many Attempts.'],
    ['JSON null', 'null'],
    ['a JSON array', '["a"]'],
    ['a JSON string', '"Server Error"'],
    ['a JSON number', '500'],
  ])('%s is read as not JSON, with no fields', (_name, text) => {
    expect(readErrorBody(text)).toEqual({ json: false, fields: {} });
  });
});
