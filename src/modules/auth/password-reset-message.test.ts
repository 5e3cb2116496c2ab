import { describe, expect, it } from 'vitest';
import { passwordResetMessage } from './password-reset-message.js';

describe('passwordResetMessage', () => {
  const link = 'https://app.example.com/reset?lang=fr&token=a.b.c';

  it('puts the link on a line of its own in the text part, with the address and the 24-hour limit', () => {
    const message = passwordResetMessage({ to: 'ada@example.com', link, site: 'api.example.com' });
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toBe('Reset your password');
    expect(message.text.split('\n')).toContain(link);
    expect(message.text).toContain('ada@example.com on api.example.com');
    expect(message.text).toContain('24 hours');
  });

  it('escapes what it puts into the HTML part', () => {
    const message = passwordResetMessage({ to: '"><script>x</script>@example.com', link, site: '<b>site</b>' });
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<b>site</b>');
    expect(message.html).toContain('href="https://app.example.com/reset?lang=fr&amp;token=a.b.c"');
  });
});
