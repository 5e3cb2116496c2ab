import { describe, expect, it } from 'vitest';
import { redactSecretsInText, redactSecretsInUrl } from './redact-secrets.js';

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
