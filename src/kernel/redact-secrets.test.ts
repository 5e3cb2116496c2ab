import { describe, expect, it } from 'vitest';
import { redactSecretKeys, redactSecretsInText, redactSecretsInUrl } from './redact-secrets.js';

describe('redactSecretsInUrl', () => {
  it('replaces credential parameter values, however the name is spelt, and keeps the rest', () => {
    expect(redactSecretsInUrl('/items/a?fields=*&access_token=abc&limit=1')).toBe('/items/a?fields=*&access_token=[Redacted]&limit=1');
    expect(redactSecretsInUrl('/x?ACCESS%5Ftoken=abc')).toBe('/x?ACCESS%5Ftoken=[Redacted]');
    expect(redactSecretsInUrl('/x?access_token[]=abc&token=t#frag')).toBe('/x?access_token[]=[Redacted]&token=[Redacted]#frag');
    expect(redactSecretsInUrl('/x?a=%E0%A4%A&access_token')).toBe('/x?a=%E0%A4%A&access_token=[Redacted]');
    expect(redactSecretsInUrl('/items/a')).toBe('/items/a');
  });
});

describe('redactSecretsInText', () => {
  it('replaces access_token= values and Bearer tokens in free text', () => {
    expect(redactSecretsInText('GET /x?access_token=abc.def failed')).toBe('GET /x?access_token=[Redacted] failed');
    expect(redactSecretsInText('Authorization: Bearer eyJ.abc-_=')).toBe('Authorization: Bearer [Redacted]');
    expect(redactSecretsInText('nothing to see')).toBe('nothing to see');
  });
});

describe('redactSecretKeys', () => {
  it('replaces the values of secret keys in nested plain objects and arrays, without changing the logged object', () => {
    const logged = {
      user: 'ada',
      body: { password: 'p', items: [{ token: 't', keep: 1 }] },
      headers: { Authorization: 'Bearer x', cookie: 'c=1' },
    };
    const before = JSON.stringify(logged);
    expect(redactSecretKeys(logged)).toEqual({
      user: 'ada',
      body: { password: '[Redacted]', items: [{ token: '[Redacted]', keep: 1 }] },
      headers: { Authorization: '[Redacted]', cookie: '[Redacted]' },
    });
    expect(JSON.stringify(logged)).toBe(before);
  });

  it('returns the same object when there is nothing to redact, and leaves other objects to their serializers', () => {
    const error = Object.assign(new Error('boom'), { password: 'kept for the err serializer' });
    const logged = { reqId: 'r1', err: error, count: 3, password: null };
    expect(redactSecretKeys(logged)).toBe(logged);
  });

  it('stops four levels down', () => {
    const deep = { a: { b: { c: { password: 'p', d: { password: 'q' } } } } };
    expect(redactSecretKeys(deep)).toEqual({ a: { b: { c: { password: '[Redacted]', d: { password: 'q' } } } } });
  });
});
