import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { splashSeenKey } from '../components/home/splash-key';
import { previewSignUpMessage } from '../components/preview/code-messages';
import { outboxFor } from './support/accounts';

/*
 * Account journeys of SPEC.md parts 2, 4, 5 and 8: register, verify with the mailed code, log in, profile,
 * logout, forgotten password, and the client-side validation. Mails are read from the development outbox.
 */

let counter = 0;
function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${Date.now()}.${counter}@example.com`;
}

const person = {
  first_name: 'Asha',
  last_name: 'Mehta',
  phone_number: '9876543210',
  DOB: '2000-03-05',
  gender: 'female',
  Clg: 'Gandhinagar Institute of Magic',
};

type Purpose = 'verify' | 'reset';
const subjectOf: Record<Purpose, RegExp> = { verify: /verification code/i, reset: /reset code/i };

/** The newest code of this purpose mailed to `email` (the only six-digit number in the mail). */
async function mailedCode(request: APIRequestContext, email: string, purpose: Purpose): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const data = await outboxFor(request, email);
      const mail = data.find((m) => subjectOf[purpose].test(m.subject));
      code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** An account made through the API, verified unless told otherwise. */
async function createAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  { verified = true } = {},
): Promise<void> {
  const registered = await request.post('/api/register', { data: { ...person, email, password } });
  expect(registered.status()).toBe(201);
  if (!verified) return;
  const otp = await mailedCode(request, email, 'verify');
  const validated = await request.post('/api/validate-otp', { data: { email, otp } });
  expect(validated.ok()).toBe(true);
}

async function fillRegistration(page: Page, values: Record<string, string>) {
  const labels: Record<string, string> = {
    first_name: 'First name',
    last_name: 'Last name',
    phone_number: 'Phone number',
    DOB: 'Date of birth',
    Clg: 'College name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
  };
  for (const [field, value] of Object.entries(values)) {
    if (field === 'gender') await page.getByLabel('Gender').selectOption(value);
    else await page.getByLabel(labels[field]!, { exact: true }).fill(value);
  }
}

/**
 * 'Get Otp' says aria-disabled while the form is invalid yet stays clickable, so a submit shows every error.
 * Playwright treats aria-disabled as disabled, hence the forced click (a real click at the same spot).
 */
async function clickGetOtp(page: Page) {
  const button = page.getByRole('button', { name: 'Get Otp' });
  // Really disabled only until the page is hydrated (a submit before would put the fields in the URL).
  await expect(button).toHaveJSProperty('disabled', false);
  await button.click({ force: true });
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('sign-up, verification, login, profile and logout', () => {
  test('a new participant registers, verifies, logs in, sees the profile and logs out from the keyboard', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('asha');
    const password = 'lumos42';

    await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), splashSeenKey);
    await page.goto('/');
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your magical journey' })).toBeVisible();
    await expect(page.getByText('DAIICT student must register with DA Student ID*')).toBeVisible();
    const getOtp = page.getByRole('button', { name: 'Get Otp' });
    await expect(getOtp).toHaveAttribute('aria-disabled', 'true');

    await fillRegistration(page, { ...person, email, password, confirmPassword: password });
    await expect(getOtp).not.toHaveAttribute('aria-disabled', 'true');
    await getOtp.click();

    // The end-to-end server is a preview deployment, which mails nobody: the toast does not say it did.
    await expect(page.getByRole('status').filter({ hasText: previewSignUpMessage })).toBeVisible();
    await expect(page.getByText('Kindly Verify with OTP sent to your mail')).toHaveCount(0);
    await expect(page).toHaveURL(/\/otp$/);
    await expect(page.getByText(email)).toBeVisible();
    // The code was just sent, so a new one can only be asked for after the cool-down.
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeVisible();

    const code = await mailedCode(request, email, 'verify');
    // The end-to-end server is a preview deployment, which shows the participant their own code.
    await expect(page.getByTestId('preview-code')).toContainText(`Preview: this deployment sends no mail`);
    await expect(page.getByTestId('preview-code')).toContainText(code);
    await expect(page.getByText(`Your six-digit code for ${email} is shown below.`)).toBeVisible();
    const codeInput = page.getByLabel('Verification code');
    await codeInput.pressSequentially(`a${code}9`);
    await expect(codeInput).toHaveValue(code);
    // The toast reads as written: in the body face, not the display face, whose letters are all capitals.
    const fontOf = (element: Element) => getComputedStyle(element).fontFamily;
    const bodyFont = await page.locator('body').evaluate(fontOf);
    expect(bodyFont).not.toBe(await page.getByRole('heading', { level: 1 }).evaluate(fontOf));
    await page.getByRole('button', { name: 'Verify Account' }).click();
    const verified = page.getByText('Account Verified, You can Login !');
    await expect(verified).toHaveCSS('font-family', bodyFont);
    await expect(page).toHaveURL(/\/login$/);

    // The login form starts with the address just verified; the password is next (and was never kept).
    await expect(page.getByLabel('Email')).toHaveValue(email);
    const passwordInput = page.getByLabel('Password', { exact: true });
    await expect(passwordInput).toBeFocused();
    await expect(passwordInput).toHaveValue('');
    expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(password);
    await passwordInput.fill(password);
    await expect(passwordInput).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordInput).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Welcome back Asha')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await menu.getByRole('link', { name: 'Profile' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details.getByText('Asha', { exact: true })).toBeVisible();
    await expect(details.getByText('Mehta', { exact: true })).toBeVisible();
    await expect(details.getByText('+91 9876543210')).toBeVisible();
    await expect(details.getByText('5th March, 2000')).toBeVisible();
    await expect(details.getByText('Female')).toBeVisible();
    await expect(details.getByText('Gandhinagar Institute of Magic')).toBeVisible();
    await expect(details.getByText(email)).toBeVisible();
    await expect(page.getByText('Accommodation — Paid')).toHaveCount(0);
    const events = page.getByRole('region', { name: 'Registered events' });
    await expect(events.getByText("You haven't registered for any events yet.")).toBeVisible();
    await expect(events.getByRole('link', { name: 'Explore events' })).toHaveAttribute('href', '/event');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Logout' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Logged Out!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });

  test('an unverified account is offered verification at login and can verify from there', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('neville');
    await createAccount(request, email, 'alohomora', { verified: false });

    await logIn(page, email, 'alohomora');
    await expect(page.getByText('Login Failed')).toBeVisible();
    await page.getByRole('button', { name: 'Verify your account' }).click();
    await expect(page).toHaveURL(/\/otp$/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeVisible();

    await page.getByLabel('Verification code').fill(await mailedCode(request, email, 'verify'));
    await page.getByRole('button', { name: 'Verify Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, 'alohomora');
    await expect(page.getByText('Welcome back Asha')).toBeVisible();
  });

  test('Resend code asked for too early shows the server message and counts down its wait', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('ginny');
    await createAccount(request, email, 'pygmy12', { verified: false });
    // Navigation state claiming the code is old, while the server knows it was sent seconds ago.
    await page.goto('/register');
    await page.evaluate((state) => window.sessionStorage.setItem('nav-state:/otp', JSON.stringify(state)), {
      email,
      sentAt: 0,
    });
    await page.goto('/otp');
    // A code out for more than a minute: the screen says mail can be late and offers a new code.
    const late = page.getByText(
      'Mail can run late. A code lasts 10 minutes: if yours has not come, ask for a new one.',
    );
    await expect(late).toBeVisible();
    await page.getByRole('button', { name: 'Resend code', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Please wait \d+ seconds?/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeVisible();
    await expect(late).toBeHidden();
  });

  test('a wrong password is refused with Login Failed and the server message', async ({ page, request }) => {
    const email = uniqueEmail('ron');
    await createAccount(request, email, 'scabbers1');
    await logIn(page, email, 'wrong-one');
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong verification code shows the server message and stays', async ({ page, request }) => {
    const email = uniqueEmail('dean');
    await page.goto('/register');
    await fillRegistration(page, { ...person, email, password: 'nimbus20', confirmPassword: 'nimbus20' });
    await page.getByRole('button', { name: 'Get Otp' }).click();
    await expect(page).toHaveURL(/\/otp$/);
    const code = await mailedCode(request, email, 'verify');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /code|otp/i })).toBeVisible();
    await expect(page).toHaveURL(/\/otp$/);
  });
});

test.describe('forgotten password', () => {
  test('a participant resets the password with the mailed code and logs in with the new one', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('hermione');
    await createAccount(request, email, 'oldpass1');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Here.' })).toHaveAttribute('href', '/register');
    const requestOtp = page.getByRole('button', { name: 'Request Otp' });
    await expect(requestOtp).toBeDisabled();
    await page.getByLabel('Email').fill('hermione@');
    await expect(requestOtp).toBeDisabled();
    await page.getByLabel('Email').fill(email);
    await expect(requestOtp).toBeEnabled();
    await requestOtp.click();
    await expect(page.getByText('Success', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password$/);

    const newPassword = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    await expect(newPassword).toHaveAttribute('type', 'text');
    await expect(confirm).toHaveAttribute('type', 'password');
    await expect(page.getByRole('link', { name: 'Register here.' })).toHaveAttribute('href', '/register');

    // Invalid input: per-field messages, and nothing is sent.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/reset-password')) sent.push(r.url());
    });
    const code = await mailedCode(request, email, 'reset');
    await page.getByLabel('Code from the mail').fill(code);
    await newPassword.fill('abc');
    await confirm.fill('abd');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be between 6 and 10 characters.')).toBeVisible();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(newPassword).toBeFocused();
    expect(sent).toEqual([]);

    await newPassword.fill('expecto9');
    await confirm.fill('expecto9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password changed, You can Login with new password !')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, email, 'oldpass1');
    await expect(page.getByText('Login Failed')).toBeVisible();
    await logIn(page, email, 'expecto9');
    await expect(page.getByText('Welcome back Asha')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('screens that need navigation state', () => {
  test('/otp and /reset-password fill in the address the previous screen left in the tab', async ({
    page,
  }) => {
    const email = uniqueEmail('luna');
    await page.goto('/forgot-password');
    for (const path of ['/otp', '/reset-password']) {
      await page.evaluate(([key, state]) => window.sessionStorage.setItem(key, JSON.stringify(state)), [
        `nav-state:${path}`,
        { email, sentAt: Date.now() },
      ] as const);
      await page.goto(path);
      await expect(page.getByTestId('handed-over-email')).toHaveText(email);
      // The code was just sent: the cool-down runs from then, read from the tab like the address.
      await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('/otp without an e-mail says Something went wrong and goes to /register', async ({ page }) => {
    await page.goto('/otp');
    await expect(page.getByText('Something went wrong', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('/reset-password without an e-mail shows Error and goes to /forgot-password', async ({ page }) => {
    await page.goto('/reset-password');
    const toast = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(toast).toContainText('Error');
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('code screens before any script', () => {
  test.use({ javaScriptEnabled: false });

  test('/otp and /reset-password come with their form in the document, its button held until the script', async ({
    page,
  }) => {
    const screens = [
      { path: '/otp', field: 'Verification code', button: 'Verify Account' },
      { path: '/reset-password', field: 'Code from the mail', button: 'Reset Password' },
    ];
    for (const { path, field, button } of screens) {
      await page.goto(path);
      await expect(page.getByLabel(field)).toBeVisible();
      // Sent without the script it would carry the fields in the address: it waits for hydration.
      await expect(page.getByRole('button', { name: button })).toBeDisabled();
      await expect(page.getByTestId('handed-over-email')).toBeEmpty();
    }
  });
});

test.describe('registration form validation', () => {
  test('an empty submit shows every required message and focuses the first field', async ({ page }) => {
    await page.goto('/register');
    await clickGetOtp(page);
    const firstName = page.getByLabel('First name');
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required')).toHaveCount(2);
    await expect(page.getByText('Please select a gender')).toBeVisible();
    await expect(page.getByText('College name is required')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('shows the spec messages as the visitor types, and caps the phone at 10 characters', async ({
    page,
  }) => {
    await page.goto('/register');
    const tenYearsAgo = `${new Date().getFullYear() - 10}-01-01`;
    await fillRegistration(page, {
      ...person,
      first_name: 'Asha2',
      phone_number: '12345',
      DOB: tenYearsAgo,
      email: uniqueEmail('luna'),
      password: 'abc',
      confirmPassword: 'abcdef',
    });
    await expect(page.getByText('Name must contain only letters')).toBeVisible();
    await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
    await expect(page.getByText('You must be at least 15 years old')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Otp' })).toHaveAttribute('aria-disabled', 'true');

    const phone = page.getByLabel('Phone number');
    await expect(phone).toHaveAttribute('aria-describedby', /.+/);
    await phone.fill('');
    await phone.pressSequentially('98765432109');
    await expect(phone).toHaveValue('9876543210');
    await expect(page.getByText('Phone number must be 10 digits')).toHaveCount(0);

    await page.getByLabel('Password', { exact: true }).fill('abcdefghijk');
    await expect(page.getByText('Password must be no more than 10 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('abcdefg');
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    const nextYear = `${new Date().getFullYear() + 1}-01-01`;
    await page.getByLabel('Date of birth').fill(nextYear);
    await expect(page.getByText('Date of birth cannot be in the future')).toBeVisible();
    // From the keyboard: Enter on the button submits, and focus goes to the first invalid field.
    await page.getByRole('button', { name: 'Get Otp' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('an already verified e-mail gets the same answer as a new one, and no new code is mailed', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('harry');
    await createAccount(request, email, 'hedwig7');
    await page.goto('/register');
    await fillRegistration(page, { ...person, email, password: 'hedwig7', confirmPassword: 'hedwig7' });
    await page.getByRole('button', { name: 'Get Otp' }).click();
    // Nothing on screen tells a stranger that this e-mail has an account; the owner learns it by mail.
    await expect(page.getByRole('status').filter({ hasText: previewSignUpMessage })).toBeVisible();
    await expect(page).toHaveURL(/\/otp$/);
    await expect(page.getByTestId('preview-code')).toHaveCount(0);
    // Mail goes out within the request: by now a new code would be in the outbox. The owner's only code is
    // still the one they verified with (the "you already have an account" note waits out the one-mail-a-minute
    // cool-down; its content is covered by the integration tests).
    const subjects = (await outboxFor(request, email)).map((mail) => mail.subject);
    expect(subjects).toEqual(['Aetherfest 2027: your verification code']);
  });
});

test.describe('accessibility of the account screens', () => {
  for (const path of ['/register', '/login', '/forgot-password']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }

  test('/register with its error messages showing has no serious or critical axe violations', async ({
    page,
  }) => {
    await page.goto('/register');
    await clickGetOtp(page);
    await expect(page.getByText('Invalid email address')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
