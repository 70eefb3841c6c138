'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { ConfirmStepButton, goButtonClass } from '@/components/forms/confirm-step-button';
import { errorClass, inputClass, labelClass, textLinkClass } from '@/components/forms/field-classes';
import { useToast } from '@/components/toast/toast-provider';
import { api, messageOf } from '@/lib/api-client';
import type { Profile } from '@/lib/schemas/auth';
import type {
  DetailsOutcome,
  EmailChangeOutcome,
  MyDetails,
  ReplacedCertificates,
} from '@/lib/schemas/own-details';

/*
 * The profile's "Edit my details": a form for name, phone and college (the server checks each with the
 * sign-up rules and answers their messages), a separate e-mail step (new address → code → confirm), and,
 * when certificates print an old name, the offer to replace them (after a confirmation: it cannot be undone).
 */

const buttonClass = `${goButtonClass} self-start`;

export function EditDetails({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const { toast } = useToast();
  const { authorize } = useAuth();
  const [form, setForm] = useState({
    firstName: profile.first_name,
    lastName: profile.last_name,
    phone: profile.phone_number,
    college: profile.Clg,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [toReplace, setToReplace] = useState(0);
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailStep, setEmailStep] = useState<'closed' | 'address' | 'code'>('closed');
  const [emailError, setEmailError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<MyDetails>('/api/my-details')
      .then((answer) => setToReplace(answer.data.certificatesToReplace))
      .catch(() => setToReplace(0));
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const answer = await api.patch<DetailsOutcome>('/api/my-details', form);
      setToReplace(answer.data.certificatesToReplace);
      toast({ title: answer.message, variant: 'success' });
      onChanged();
    } catch (failure) {
      setError(messageOf(failure, 'Your details could not be saved. Please try again.'));
      if (failure && typeof failure === 'object' && 'fieldErrors' in failure)
        setErrors((failure as { fieldErrors?: Record<string, string> }).fieldErrors ?? {});
    } finally {
      setBusy(false);
    }
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setEmailError(null);
    try {
      const answer = await api.post('/api/my-details/email', { email: newEmail });
      toast({ title: answer.message, variant: 'success' });
      setEmailStep('code');
    } catch (failure) {
      setEmailError(messageOf(failure, 'The code could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function confirmCode(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setEmailError(null);
    try {
      const answer = await api.post<EmailChangeOutcome>('/api/my-details/email/confirm', { code });
      // The old token carried the old address and no longer works: this one carries the new address.
      authorize(answer.data.token);
      toast({ title: answer.message, variant: 'success' });
      setEmailStep('closed');
      setCode('');
      onChanged();
    } catch (failure) {
      setEmailError(messageOf(failure, 'The code could not be checked. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function replace(): Promise<boolean> {
    setBusy(true);
    try {
      const answer = await api.post<ReplacedCertificates>('/api/my-details/replace-certificates');
      setToReplace(0);
      toast({ title: answer.message, variant: 'success' });
      onChanged();
      return true;
    } catch (failure) {
      toast({ title: messageOf(failure, 'Your certificates could not be replaced.'), variant: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const fields = [
    { key: 'firstName', label: 'First name', autoComplete: 'given-name' },
    { key: 'lastName', label: 'Last name', autoComplete: 'family-name' },
    { key: 'phone', label: 'Phone number', autoComplete: 'tel-national' },
    { key: 'college', label: 'College name', autoComplete: 'organization' },
  ] as const;

  return (
    <div className="mt-4 flex flex-col gap-6">
      <form onSubmit={save} className="flex flex-col gap-3" noValidate>
        {fields.map((field) => (
          <div key={field.key} className="flex flex-col gap-1">
            <label htmlFor={`details-${field.key}`} className={labelClass}>
              {field.label}
            </label>
            <input
              id={`details-${field.key}`}
              className={inputClass}
              autoComplete={field.autoComplete}
              inputMode={field.key === 'phone' ? 'numeric' : undefined}
              maxLength={field.key === 'phone' ? 10 : undefined}
              value={form[field.key]}
              aria-invalid={errors[field.key] ? true : undefined}
              aria-describedby={errors[field.key] ? `details-${field.key}-error` : undefined}
              onChange={(e) => setForm({ ...form, [field.key]: e.target.value })}
            />
            {errors[field.key] && (
              <p id={`details-${field.key}-error`} role="alert" className={errorClass}>
                {errors[field.key]}
              </p>
            )}
          </div>
        ))}
        {error && (
          <p role="alert" className={errorClass}>
            {error}
          </p>
        )}
        <button type="submit" className={buttonClass} disabled={busy}>
          Save my details
        </button>
      </form>

      {toReplace > 0 && (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-400/40 p-3">
          <p>
            {toReplace === 1 ? 'One of your certificates prints' : `${toReplace} of your certificates print`}{' '}
            your old name or college.
          </p>
          <ConfirmStepButton
            question="Replace your certificates with ones in your new name?"
            consequence="The old ones will say they were replaced, with a link to the new ones. This cannot be undone."
            yes="Yes, replace them"
            no="Not now"
            onConfirm={replace}
          >
            Replace my certificates with the new name
          </ConfirmStepButton>
        </div>
      )}

      <div className="flex flex-col gap-3">
        {/* The address itself is in the details above; this is only the way to change it. */}
        {emailStep === 'closed' && (
          <button type="button" className={buttonClass} onClick={() => setEmailStep('address')}>
            Change e-mail
          </button>
        )}
        {emailStep === 'address' && (
          <form onSubmit={sendCode} className="flex flex-col gap-2" noValidate>
            <label htmlFor="details-new-email" className={labelClass}>
              New e-mail address
            </label>
            <input
              id="details-new-email"
              type="email"
              autoComplete="email"
              className={inputClass}
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
            />
            <button type="submit" className={buttonClass} disabled={busy || newEmail.trim() === ''}>
              Send me a code
            </button>
          </form>
        )}
        {emailStep === 'code' && (
          <form onSubmit={confirmCode} className="flex flex-col gap-2" noValidate>
            <label htmlFor="details-email-code" className={labelClass}>
              Code sent to {newEmail}
            </label>
            <input
              id="details-email-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className={inputClass}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
            <button type="submit" className={buttonClass} disabled={busy || code.length !== 6}>
              Confirm my new address
            </button>
            <button
              type="button"
              className={`${textLinkClass} self-start`}
              onClick={() => setEmailStep('address')}
            >
              Use another address
            </button>
          </form>
        )}
        {emailError && (
          <p role="alert" className={errorClass}>
            {emailError}
          </p>
        )}
      </div>
    </div>
  );
}
