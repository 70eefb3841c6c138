'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { textLinkClass } from '@/components/forms/field-classes';
import { lazyZodResolver } from '@/components/forms/lazy-zod-resolver';
import { PasswordField } from '@/components/forms/password-field';
import { SelectField } from '@/components/forms/select-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { useDeferredForm } from '@/components/forms/use-deferred-form';
import { codeIssuedMessage, previewSignUpMessage } from '@/components/preview/code-messages';
import { isPreviewDeployment } from '@/components/preview/use-preview-deployment';
import { useToast } from '@/components/toast/toast-provider';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { setNavState } from '@/lib/nav-state';
import { submitOnce } from '@/components/forms/submit-once';
import type { registerFormSchema, RegisterForm as RegisterFormValues } from '@/lib/schemas/auth';

type RegisterFormOutput = z.output<typeof registerFormSchema>;

const loadSchemas = () => import('@/lib/schemas/auth');
const registerResolver = lazyZodResolver<RegisterFormValues, RegisterFormOutput>(() =>
  loadSchemas().then((m) => m.registerFormSchema),
);

const genderOptions = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;

const fieldOrder: FieldPath<RegisterFormValues>[] = [
  'first_name',
  'last_name',
  'phone_number',
  'DOB',
  'gender',
  'Clg',
  'email',
  'password',
  'confirmPassword',
];

/**
 * /otp receives the e-mail and when its code was sent (for the resend cool-down). On a preview deployment
 * it asks the server for the code itself, which only this browser's sign-up cookie unlocks.
 */
function handOverToOtp(email: string) {
  setNavState('/otp', { email, sentAt: Date.now() });
}

/** The registration form of SPEC.md part 2: validated on every change and on submit. */
export function RegisterForm() {
  const router = useRouter();
  const { toast } = useToast();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    prefetch,
    // 'Get Otp' looks enabled or disabled by the form's validity (SPEC.md). Validity is followed from the
    // form library's arrival, with the visitor's first focus: the form is empty, so not valid, until then.
    formState: { errors, isSubmitting, isValid },
  } = useDeferredForm<RegisterFormValues, RegisterFormOutput>({
    resolver: registerResolver,
    mode: 'onChange',
    shouldFocusError: true,
  });

  async function submit(values: RegisterFormOutput) {
    // The payload schema drops confirmPassword: it never leaves the browser. (Loaded already: the
    // resolver that let this submit through fetched the same module.)
    const payload = (await loadSchemas()).registerPayloadSchema.parse(values);
    try {
      const answer = await api.post<{ email?: string }>('/api/register', payload);
      toast({
        title: codeIssuedMessage({
          preview: await isPreviewDeployment(),
          previewMessage: previewSignUpMessage,
          serverMessage: answer.message,
          fallback: 'Registration Successful, Kindly Verify with OTP sent to your mail',
        }),
        variant: 'success',
      });
      handOverToOtp(answer.data?.email ?? payload.email);
      router.push('/otp');
    } catch (error) {
      toast({ title: messageOf(error, 'Something went wrong'), variant: 'error' });
      showServerFieldErrors(error);
    }
  }

  function showServerFieldErrors(error: unknown) {
    if (!(error instanceof ApiError) || !error.fieldErrors) return;
    const fields = fieldOrder.filter((name) => typeof error.fieldErrors?.[name] === 'string');
    fields.forEach((name, index) =>
      setError(name, { type: 'server', message: error.fieldErrors?.[name] }, { shouldFocus: index === 0 }),
    );
  }

  // Editing the password re-checks a confirmation the visitor has already typed.
  const recheckConfirmation = () => {
    if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
  };

  return (
    <form
      noValidate
      onSubmit={submitOnce(isSubmitting, handleSubmit(submit))}
      onFocus={prefetch}
      className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2"
    >
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.first_name?.message}
        {...register('first_name')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.last_name?.message}
        {...register('last_name')}
      />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="tel-national"
        placeholder="10-digit mobile number"
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        error={errors.DOB?.message}
        {...register('DOB')}
      />
      <SelectField
        label="Gender"
        placeholder="Gender"
        options={genderOptions}
        error={errors.gender?.message}
        {...register('gender')}
      />
      <TextField
        label="College name"
        autoComplete="organization"
        error={errors.Clg?.message}
        {...register('Clg')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        className="sm:col-span-2"
        error={errors.email?.message}
        hint="DAIICT student must register with DA Student ID*"
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint="6 to 10 characters"
        {...register('password', { onChange: recheckConfirmation })}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div className="sm:col-span-2">
        <SubmitButton looksDisabled={!isValid} pending={isSubmitting}>
          Get Otp
        </SubmitButton>
        <p className="mt-5 text-center text-parchment/85">
          Already have an account?{' '}
          <Link href="/login" className={textLinkClass}>
            Log in here.
          </Link>
        </p>
      </div>
    </form>
  );
}
