import { describe, expect, it } from 'vitest';
import {
  codeIssuedMessage,
  previewResendMessage,
  previewSignUpMessage,
} from '@/components/preview/code-messages';

const signUp = {
  previewMessage: previewSignUpMessage,
  fallback: 'Registration Successful, Kindly Verify with OTP sent to your mail',
};

describe('the toast for a code just issued', () => {
  it('on a preview deployment points to the preview box and never claims a mail was sent', () => {
    for (const previewMessage of [previewSignUpMessage, previewResendMessage]) {
      const text = codeIssuedMessage({
        preview: true,
        previewMessage,
        serverMessage: 'A new code has been sent to your e-mail.',
        fallback: 'A new code is on its way to your mail.',
      });
      expect(text).toContain('This preview sends no mail');
      expect(text).toContain('preview box');
      expect(text).not.toMatch(/sent to your|on its way|check your mail/i);
    }
  });

  it('elsewhere says what the server says, the spec’s words when it says nothing', () => {
    expect(
      codeIssuedMessage({
        ...signUp,
        preview: false,
        serverMessage: 'Registration Successful, Kindly Verify with OTP sent to your mail',
      }),
    ).toBe('Registration Successful, Kindly Verify with OTP sent to your mail');
    expect(codeIssuedMessage({ ...signUp, preview: false, serverMessage: '' })).toBe(signUp.fallback);
  });
});
