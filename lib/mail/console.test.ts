import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatConsoleMail, NO_SMTP_WARNING, warnConsoleMailOnce } from './console';

describe('the console mail back-end (no SMTP_URL)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats an e-mail as a readable block: headers, a blank line, the whole text, a rule', () => {
    const block = formatConsoleMail({
      from: 'JMS Portal <no-reply@jms.example.com>',
      to: 'hv.user@example.com',
      subject: 'Your code (ref ABC123)',
      text: 'Your code is: 123456\r\nhttp://localhost:3000/x?token=t\n\n',
      messageId: '<m1@localhost>',
      date: new Date('2026-11-26T04:00:00Z'),
    });
    const rule = '-'.repeat(79);
    expect(block).toBe(
      [
        rule,
        'E-MAIL (not sent: no SMTP_URL)',
        'Subject: Your code (ref ABC123)',
        'From: JMS Portal <no-reply@jms.example.com>',
        'To: hv.user@example.com',
        'Date: Thu, 26 Nov 2026 04:00:00 GMT',
        'Message-ID: <m1@localhost>',
        '',
        'Your code is: 123456',
        'http://localhost:3000/x?token=t',
        rule,
        '',
      ].join('\n'),
    );
  });

  it('warns once, and only without SMTP_URL', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    warnConsoleMailOnce('smtp://mail.example.com:25');
    expect(write).not.toHaveBeenCalled();
    warnConsoleMailOnce(undefined);
    warnConsoleMailOnce(undefined);
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenCalledWith(`${NO_SMTP_WARNING}\n`);
  });
});
