import { describe, expect, it } from 'vitest';
import { formatDateOfBirth, formatShortDate } from '@/lib/format';
import { registerFormSchema, resetPasswordFormSchema } from '@/lib/schemas/auth';
import { basicEmailPattern, digitsOnly, dobError } from '@/lib/schemas/auth-rules';
import { validRegistrationForm } from '../support/registration-form';

const valid = validRegistrationForm;

function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const result = registerFormSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('registration form rules', () => {
  it('accepts a complete, valid form', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it.each([
    ['first_name', '', 'This field is required'],
    ['first_name', 'Asha2', 'Name must contain only letters'],
    ['last_name', 'O@Brien', 'Name must contain only letters'],
    ['phone_number', '98765', 'Phone number must be 10 digits'],
    ['phone_number', '98765abcde', 'Phone number must be 10 digits'],
    ['DOB', '', 'Date of birth is required'],
    ['gender', '', 'Please select a gender'],
    ['gender', 'wizard', 'Please select a gender'],
    ['Clg', '', 'College name is required'],
    ['email', 'asha@', 'Invalid email address'],
    ['password', '12345', 'Password must be at least 6 characters long'],
    ['password', '12345678901', 'Password must be no more than 10 characters long'],
  ])('%s = %j gives %s', (field, value, message) => {
    const input = { ...valid, [field]: value };
    if (field === 'password') input.confirmPassword = value;
    expect(errorsOf(input)[field]).toBe(message);
  });

  it('needs the confirmation to match', () => {
    expect(errorsOf({ ...valid, confirmPassword: 'secret13' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });

  it('lets names have spaces, hyphens and non-English letters', () => {
    expect(errorsOf({ ...valid, first_name: 'Anne Marie', last_name: 'Ñúñez-Śarmā' })).toEqual({});
  });
});

describe('date of birth', () => {
  const today = new Date(2027, 1, 20); // 20 Feb 2027, local time

  it('refuses a date after today and accepts today minus 15 years', () => {
    expect(dobError('2027-02-21', today)).toBe('Date of birth cannot be in the future');
    expect(dobError('2012-02-20', today)).toBeNull();
  });

  it('refuses today itself (not 15 yet)', () => {
    expect(dobError('2027-02-20', today)).toBe('You must be at least 15 years old');
  });

  it('refuses one day short of 15 years', () => {
    expect(dobError('2012-02-21', today)).toBe('You must be at least 15 years old');
  });

  it('needs a date', () => {
    expect(dobError('', today)).toBe('Date of birth is required');
    expect(dobError('not-a-date', today)).toBe('Date of birth is required');
  });
});

describe('reset password form rules', () => {
  it('checks the length and the confirmation with the spec messages', () => {
    const short = resetPasswordFormSchema.safeParse({
      otp: '12',
      newPassword: '123',
      confirmPassword: '123',
    });
    expect(short.error?.issues[0]?.message).toBe('Password must be between 6 and 10 characters.');
    const mismatch = resetPasswordFormSchema.safeParse({
      otp: '',
      newPassword: 'secret12',
      confirmPassword: 'secret',
    });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual(['Passwords do not match.']);
  });

  it('keeps only digits in code inputs, six at most', () => {
    expect(digitsOnly('12a-34 5678')).toBe('123456');
  });

  it('enables forgot-password only for a basic e-mail pattern', () => {
    expect(basicEmailPattern.test('a@b.co')).toBe(true);
    expect(basicEmailPattern.test('a@b')).toBe(false);
  });
});

describe('date formatting', () => {
  it('formats a date of birth like 5th March, 2000', () => {
    expect(formatDateOfBirth('2000-03-05')).toBe('5th March, 2000');
    expect(formatDateOfBirth('1999-11-22')).toBe('22nd November, 1999');
  });
  it('formats a short date like 1st Feb, 2025', () => {
    expect(formatShortDate('2025-02-01')).toBe('1st Feb, 2025');
  });
});

describe('password confirmation while other fields are still wrong', () => {
  it('reports the mismatch alongside other errors', () => {
    const result = registerFormSchema.safeParse({ ...valid, gender: '', confirmPassword: 'other12' });
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['gender: Please select a gender', 'confirmPassword: Passwords do not match']),
    );
  });
});
